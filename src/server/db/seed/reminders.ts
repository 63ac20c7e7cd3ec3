import type { Db } from '../client';
import { reminderRules } from '../schema';

/** A starting reminder schedule for the demo: three days before the due date, on it, a day and a week after. */
export async function seedReminderRules(db: Db): Promise<void> {
  await db.insert(reminderRules).values(
    [
      {
        offsetDays: -3,
        textEn:
          'Hi {name}, your Hiram loan {orderNo} is due on {dueDate}: {amount}. Pay in the app with GCash, Maya or at 7-Eleven. Ignore this if you have paid.',
        textFil:
          'Hi {name}, ang Hiram loan mo na {orderNo} ay babayaran sa {dueDate}: {amount}. Magbayad sa app gamit ang GCash, Maya o sa 7-Eleven. Huwag pansinin kung nakabayad ka na.',
      },
      {
        offsetDays: 0,
        textEn:
          'Hi {name}, {amount} for your Hiram loan {orderNo} is due today, {dueDate}. Pay in the app to avoid late charges.',
        textFil:
          'Hi {name}, ngayong {dueDate} ang bayad na {amount} para sa Hiram loan mo na {orderNo}. Magbayad sa app para walang dagdag na singil.',
      },
      {
        offsetDays: 1,
        textEn:
          'Hi {name}, your Hiram loan {orderNo} was due on {dueDate}; {amount} is due now and late charges apply each day. Pay in the app, or call us if you need help.',
        textFil:
          'Hi {name}, ang Hiram loan mo na {orderNo} ay dapat nabayaran noong {dueDate}; {amount} ang babayaran ngayon at may singil bawat araw. Magbayad sa app o tawagan kami kung kailangan mo ng tulong.',
      },
      {
        offsetDays: 7,
        textEn:
          'Hi {name}, {amount} is due on your Hiram loan {orderNo}. Pay in the app or ask us about an extension; we are here to help.',
        textFil:
          'Hi {name}, {amount} ang babayaran sa Hiram loan mo na {orderNo}. Magbayad sa app o magtanong tungkol sa extension; nandito kami para tumulong.',
      },
    ].map((rule) => ({ ...rule, updatedBy: 'demo' })),
  );
}
