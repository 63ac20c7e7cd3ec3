CREATE TABLE "duplicate_signal_flags" (
	"borrower_id" bigint PRIMARY KEY NOT NULL,
	"signals" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_signal_flags" ADD CONSTRAINT "duplicate_signal_flags_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The flags of the borrowers already there (the bulk refresh's statement).
insert into duplicate_signal_flags (borrower_id, signals)
  select borrower_id, signals from (
  select p.mine as borrower_id, array_agg(p.kind order by p.kind) as signals from (
    select distinct s.mine, 'idNumber'::text as kind from (
  select mine.borrower_id as mine, other.borrower_id as other, mine.answers->>'idNumber' as value
  from application_answers mine
  join application_answers other on other.section = 'public' and other.borrower_id <> mine.borrower_id
    and upper(regexp_replace(other.answers->>'idNumber', '[^A-Za-z0-9]', '', 'g')) = upper(regexp_replace(mine.answers->>'idNumber', '[^A-Za-z0-9]', '', 'g'))
  where mine.section = 'public' and coalesce(mine.answers->>'idNumber', '') <> '' and true) s union all select distinct s.mine, 'payoutAccount'::text as kind from (
  select distinct mine.borrower_id as mine, other.borrower_id as other, mine.account_no as value
  from payout_accounts mine
  join payout_accounts other on other.account_no = mine.account_no and other.borrower_id <> mine.borrower_id
  where true) s union all select distinct s.mine, 'phone'::text as kind from (
  select distinct mine.id as mine, other.borrower_id as other, '0' || right(regexp_replace(mine.phone, '\D', '', 'g'), 10) as value
  from borrowers mine
  join payout_accounts other on other.card_type = 1 and other.borrower_id <> mine.id
    and right(regexp_replace(other.account_no, '\D', '', 'g'), 10) = right(regexp_replace(mine.phone, '\D', '', 'g'), 10)
  where true
  union
  select distinct mine.borrower_id as mine, other.id as other, '0' || right(regexp_replace(mine.account_no, '\D', '', 'g'), 10) as value
  from payout_accounts mine
  join borrowers other on other.id <> mine.borrower_id and right(regexp_replace(other.phone, '\D', '', 'g'), 10) = right(regexp_replace(mine.account_no, '\D', '', 'g'), 10)
  where true and mine.card_type = 1) s union all select distinct s.mine, 'device'::text as kind from (
  select distinct mine.borrower_id as mine, other.borrower_id as other,
    mine.kind || ' ' || left(mine.device_hash, 8) as value
  from borrower_devices mine
  join borrower_devices other on other.device_hash = mine.device_hash and other.borrower_id <> mine.borrower_id
  where true) s
  ) p group by p.mine) f;
