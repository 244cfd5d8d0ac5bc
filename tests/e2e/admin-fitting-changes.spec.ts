import { expect, test, type Page } from "@playwright/test";
import { bookGuest, dayName, signInAsAdmin, slotLong, slotShort, timeLabel, uid } from "./admin-helpers";
import { startSessionAsReturning, waitForHydration } from "./brand-helpers";
import { expectFinishedInBothThemes, expectNoAxeViolations, VIEWPORTS, VIEWS, setView } from "./helpers";

// Staff move a fitting to another open slot and cancel it from the dashboard's details (issue 12, item 6).
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await startSessionAsReturning(page);
});

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const isSunday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0;

/** Another open day in the same month (so the dialog's calendar shows it without paging). */
function neighbourDay(date: string): string {
  let next = shift(date, 1);
  if (isSunday(next)) next = shift(next, 1);
  if (next.slice(0, 7) === date.slice(0, 7)) return next;
  let previous = shift(date, -1);
  if (isSunday(previous)) previous = shift(previous, -1);
  return previous;
}

const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text }).first();

test("an admin reschedules a fitting to an open slot, then cancels it; each is mailed and in the row's history", async ({ page }) => {
  const tag = uid();
  const name = `Guest ${tag}`;
  const booked = await bookGuest(page.request, name, `guest-${tag}@example.com`);
  await signInAsAdmin(page.request);
  const row = page.getByRole("table", { name: "Appointments" }).getByRole("row").filter({ hasText: name });
  // The row's details: a panel of their own (a dialog named by the customer), with the fitting's two buttons.
  const details = page.getByRole("dialog", { name: `Details of ${name}` });

  const openDialog = async () => {
    await row.getByRole("button", { name: `Details and history of ${name}` }).click();
    // The details with their two new buttons, before the reschedule dialog opens over them; checked by axe.
    await expect(details).toBeVisible();
    await expect(details.getByRole("button", { name: `Cancel fitting of ${name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await details.getByRole("button", { name: `Reschedule the fitting of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule the fitting" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("grid", { name: /^New date, / })).toBeVisible();
    return dialog;
  };

  // The dialog at both sizes in both themes: looked at, and checked by axe.
  for (const { size, viewport, theme } of VIEWS) {
    await setView(page, { viewport, theme }, { reducedMotion: "reduce" });
    await page.goto(`/admin/dashboard?tab=appointments&q=${tag}`);
    await waitForHydration(page);
    const dialog = await openDialog();
    await expect(dialog.getByRole("radiogroup", { name: "New time" }).getByRole("radio", { checked: true })).toBeEnabled();
    await expectFinishedInBothThemes(page, `reschedule-dialog-${size}`);
    await dialog.getByRole("button", { name: "Keep the time" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(details).toBeVisible();
    await details.getByRole("button", { name: `Cancel fitting of ${name}` }).click();
    const question = page.getByRole("alertdialog", { name: "Cancel this fitting?" });
    await expect(question).toBeVisible();
    await expectFinishedInBothThemes(page, `cancel-fitting-dialog-${size}`);
    await question.getByRole("button", { name: "Keep the fitting" }).click();
    await expect(question).toHaveCount(0);
    await expect(details).toBeVisible();
  }

  // Move it: the current day opens with its current time marked and not offered; pick the next open day's first free time.
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/admin/dashboard?tab=appointments&q=${tag}`);
  await waitForHydration(page);
  const dialog = await openDialog();
  // The times are one radio group: the chosen one is offered, the booking's own is named and not offered.
  const time = dialog.getByRole("radiogroup", { name: "New time" });
  const chosen = time.getByRole("radio", { checked: true });
  await expect(chosen).toBeEnabled();
  await expect(chosen).not.toHaveAccessibleName(/current time/);
  const current = time.getByRole("radio", { name: `${timeLabel(booked.time)}, current time` });
  await expect(current).toBeDisabled();
  const newDate = neighbourDay(booked.date);
  await dialog.getByRole("button", { name: dayName(newDate), exact: true }).click();
  await expect(dialog.getByText(`Chosen: ${dayName(newDate)}`)).toBeVisible();
  await expect(chosen).toBeEnabled();
  const newTime = await chosen.inputValue();
  expect(newTime).toMatch(/^\d\d:00$/);
  await dialog.getByRole("button", { name: "Move the fitting" }).click();
  await expect(toast(page, "Appointment rescheduled successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The panel stays open on the moved fitting: its new day and hour, and the move in its history.
  await expect(details.getByText(dayName(newDate), { exact: true })).toBeVisible();
  await expect(details.getByText(timeLabel(newTime), { exact: true })).toBeVisible();
  await expect(
    details.getByText(
      `moved the fitting from ${slotLong(booked.date, booked.time)} to ${slotLong(newDate, newTime)} and mailed the customer`,
    ),
  ).toBeVisible();
  // Closed, the table's row reads the new slot.
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  await expect(row.getByText(slotShort(newDate, newTime), { exact: true })).toBeVisible();

  // Cancel it from the details, after the question.
  await row.getByRole("button", { name: `Details and history of ${name}` }).click();
  await details.getByRole("button", { name: `Cancel fitting of ${name}` }).click();
  const question = page.getByRole("alertdialog", { name: "Cancel this fitting?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancel fitting" }).click();
  await expect(toast(page, "Appointment cancelled successfully")).toBeVisible();
  await expect(question).toHaveCount(0);
  await expect(details.getByText("cancelled", { exact: true })).toBeVisible();
  await expect(details.getByText(`cancelled the fitting of ${slotLong(newDate, newTime)} and mailed the customer`)).toBeVisible();
  // A cancelled fitting cannot be moved or cancelled again.
  await expect(details.getByRole("button", { name: `Reschedule the fitting of ${name}` })).toHaveCount(0);
  await expect(details.getByRole("button", { name: `Cancel fitting of ${name}` })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  await expect(row.getByText("cancelled", { exact: true })).toBeVisible();

  // The customer's mails went out (the outbox's sent tab, newest first).
  const label = timeLabel(newTime);
  await page.goto("/admin/mail?status=sent");
  await expect(
    page
      .getByText(`Your fitting has moved to ${dayName(newDate)} at ${label}`)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByText(`Your fitting on ${dayName(newDate)} at ${label} is cancelled`)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});
