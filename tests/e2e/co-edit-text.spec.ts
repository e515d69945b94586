import { type BrowserContext, expect, type Page, test } from "./fixtures";
import {
  AGENT,
  AGENT2,
  customerPath,
  device,
  deviceWithNewCustomer,
  expectAllSynced,
  field,
  freshName,
  status,
} from "./sync-helpers";

// Live co-editing of free text (docs/sync-rules.md TEXT1): agents type at a person's pace (60 ms a key) into the
// customer's profile — one field each, the same field, one of them 200 ms away (network emulation),
// one of three going offline in the middle and coming back. Every screen ends with exactly what each
// person typed, so does a reload, and the caret of the one typing stays put when a remote change lands;
// a structured field (State) changed by someone else while one is in it says who changed it.

const KEY_MS = 60;

interface Device {
  context: BrowserContext;
  page: Page;
}

const typeInto = async (page: Page, label: string, text: string) => {
  const input = field(page, label);
  await input.click();
  await input.press("End");
  await input.pressSequentially(text, { delay: KEY_MS });
};

const expectEverywhere = async (devices: Device[], label: string, value: string) => {
  for (const { page } of devices) await expect(field(page, label)).toHaveValue(value, { timeout: 10_000 });
};

/** Adds `ms` of latency to every request and WebSocket frame of the page (Chromium's emulation). */
async function addLatency(page: Page, ms: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: ms,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

const caretOf = (page: Page, label: string) =>
  field(page, label).evaluate((el) => [
    (el as HTMLInputElement).selectionStart,
    (el as HTMLInputElement).selectionEnd,
  ]);

async function closeAll(devices: Device[]) {
  for (const d of devices) await d.context.close();
}

test("two agents type at once: each keystroke kept, one field each and the same field, 200 ms apart", async ({
  browser,
}) => {
  const alex = await deviceWithNewCustomer(browser, AGENT, freshName("Co-edit"));
  const jordan = await device(browser, AGENT2, customerPath(alex.id));
  const both = [alex, jordan];
  try {
    await addLatency(jordan.page, 200);
    await expectAllSynced(alex.page);
    await expectAllSynced(jordan.page);

    // Alone: the Name keeps its spaces as they are typed.
    await field(alex.page, "Name").fill("");
    await typeInto(alex.page, "Name", "Dale R Hendricks");
    await expectEverywhere(both, "Name", "Dale R Hendricks");

    // A partial address is kept and said to be incomplete; "all changes saved" only once it is.
    await typeInto(alex.page, "City", "Dodge");
    await expect(alex.page.getByTestId("address-incomplete")).toContainText("street address");
    await expectAllSynced(alex.page);
    await expectEverywhere(both, "City", "Dodge");
    await field(alex.page, "City").fill("");

    // One field each, at the same moment.
    await Promise.all([
      typeInto(alex.page, "City", "Spearville"),
      typeInto(jordan.page, "Street address", "77 Elm St"),
    ]);
    await expectEverywhere(both, "City", "Spearville");
    await expectEverywhere(both, "Street address", "77 Elm St");

    // The same field at the same moment: both words whole, in one order, the same on both screens.
    // Both are in the empty field before either types. (Someone who clicks in once the other's first
    // letters show puts the caret after them and types into the other's word, where they chose to:
    // how two such runs order is Yjs's, by client id — a slow machine made the test that case.)
    const line2Of = (page: Page) => field(page, "Address line 2 (optional)");
    for (const { page } of both) await line2Of(page).click();
    await Promise.all([
      line2Of(alex.page).pressSequentially("Kinsley", { delay: KEY_MS }),
      line2Of(jordan.page).pressSequentially("Liberal", { delay: KEY_MS }),
    ]);
    await expect
      .poll(async () => {
        const a = await field(alex.page, "Address line 2 (optional)").inputValue();
        const j = await field(jordan.page, "Address line 2 (optional)").inputValue();
        return a === j ? a : `${a} ≠ ${j}`;
      })
      .toMatch(/^(KinsleyLiberal|LiberalKinsley)$/);
    const line2 = await field(alex.page, "Address line 2 (optional)").inputValue();

    // Alex types in the middle of City while Jordan's text lands before Alex's caret: Alex's caret
    // stays after what Alex typed, and the next key goes there.
    const city = field(alex.page, "City");
    await city.click();
    await city.evaluate((el) => (el as HTMLInputElement).setSelectionRange(5, 5)); // after "Spear"
    const jordanCity = field(jordan.page, "City");
    await jordanCity.click();
    await jordanCity.press("Home");
    await Promise.all([
      city.pressSequentially("ing", { delay: KEY_MS * 3 }),
      jordanCity.pressSequentially("North ", { delay: KEY_MS }),
    ]);
    await expect(city).toHaveValue("North Spearingville", { timeout: 10_000 });
    expect(await caretOf(alex.page, "City")).toEqual([14, 14]);
    await city.press("s");
    await expectEverywhere(both, "City", "North Spearingsville");
    // Undo is Alex's own: it takes back Alex's typing (the last key, or with "ing" when typed within
    // the same moment), never Jordan's "North "; redo brings it back.
    await city.press("Control+z");
    await expect(city).toHaveValue(/^North Spear(ing)?ville$/);
    await city.press("Control+Shift+z");
    await expectEverywhere(both, "City", "North Spearingsville");

    // A structured field is last-writer-wins: Jordan, in State, is told who changed it.
    await field(jordan.page, "State").focus();
    await field(alex.page, "State").selectOption("KS");
    await expect(field(jordan.page, "State")).toHaveValue("KS", { timeout: 10_000 });
    await expect(
      jordan.page
        .getByTestId("customer-record")
        .locator('[data-field="address.state"]')
        .getByTestId("field-changed-by"),
    ).toHaveText(`Changed by ${AGENT.name}`);

    await expectAllSynced(alex.page);
    await expectAllSynced(jordan.page);
    for (const { page } of both) await page.reload();
    for (const [label, value] of [
      ["Name", "Dale R Hendricks"],
      ["City", "North Spearingsville"],
      ["Street address", "77 Elm St"],
      ["Address line 2 (optional)", line2],
      ["State", "KS"],
    ] as const)
      await expectEverywhere(both, label, value);
  } finally {
    await closeAll(both);
  }
});

test("three devices type at once, one offline in the middle and back: all end with every keystroke", async ({
  browser,
}) => {
  const alex = await deviceWithNewCustomer(browser, AGENT, freshName("Co-edit 3"));
  const jordan = await device(browser, AGENT2, customerPath(alex.id));
  const phone = await device(browser, AGENT, customerPath(alex.id)); // Alex's second device
  const all = [alex, jordan, phone];
  try {
    for (const { page } of all) await expectAllSynced(page);
    await typeInto(alex.page, "Street address", "1 Feedlot Rd");
    await expectEverywhere(all, "Street address", "1 Feedlot Rd");

    // The phone goes offline in the middle of its word; the others go on typing.
    const offline = (async () => {
      await typeInto(phone.page, "Name", "Hendricks");
      // Straight offline: whatever of the name is not on the server yet is the same field, and the
      // book's summary of the new name, which the device derives, is not the person's edit (it is
      // sent, not counted), so the count below is one edited field.
      await phone.page.evaluate(() => window.__rangelineSync?.disconnect());
      await phone.context.setOffline(true);
      await expect(status(phone.page)).toHaveAttribute("data-state", "offline", { timeout: 20_000 });
      await typeInto(phone.page, "Name", " Cattle");
      // What waits is said in a person's terms: one edited field, not one change per key.
      await expect(status(phone.page)).toHaveAttribute("data-pending", "1");
      await expect(status(phone.page)).toContainText("1 edit not yet on the server");
    })();
    await Promise.all([
      offline,
      typeInto(alex.page, "City", "Garden City"),
      typeInto(jordan.page, "Street address", " West"),
    ]);
    await expectEverywhere([alex, jordan], "City", "Garden City");
    await phone.context.setOffline(false);
    await phone.page.evaluate(() => window.__rangelineSync?.connect());
    for (const { page } of all) await expectAllSynced(page, 20_000);

    // "All synced" on the phone means its edits reached the server, not yet every other screen: wait
    // for Alex's Name to hold them before reading it.
    await expect(field(alex.page, "Name")).toHaveValue(/Hendricks Cattle$/, { timeout: 10_000 });
    const name = await field(alex.page, "Name").inputValue();
    await expectEverywhere(all, "Name", name);
    await expectEverywhere(all, "City", "Garden City");
    await expectEverywhere(all, "Street address", "1 Feedlot Rd West");

    await jordan.page.reload();
    await expect(field(jordan.page, "Name")).toHaveValue(name);
    await expect(field(jordan.page, "City")).toHaveValue("Garden City");
    await expect(field(jordan.page, "Street address")).toHaveValue("1 Feedlot Rd West");
  } finally {
    await closeAll(all);
  }
});
