CREATE TABLE "catalogue_version" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("only"),
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("only", "version") VALUES (true, 1);
--> statement-breakpoint
-- Any statement that adds, changes or removes products raises the version in the same transaction,
-- so a reader that sees the new products also sees the new version, and one that sees the old
-- version keeps serving the old products only until its next read of the version.
CREATE FUNCTION "catalogue_version_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_raise_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_raise"();
