import * as Y from "yjs";
import { claimSummaryOf } from "../../shared/book/claims";
import { defaultLrpCampaignQuote } from "../../shared/documents/campaign";
import type { ClaimRecord } from "../../shared/documents/claim";
import { loadOrCreateSigningKeys } from "../../sync-server/identity/keys";
import { issueTestToken } from "../../sync-server/identity/testing";
import { type Client, connect } from "../integration/sync/harness";
import { e2eNow } from "./clock";
import { type BrowserContext, expect, type Locator, type Page, test } from "./fixtures";
import { AGENT, AGENT2, CUSTOMER, device, expectAllSynced, status } from "./sync-helpers";

// Live co-editing of the claim's and the campaign's free text (docs/sync-rules.md TEXT1, TEXT1): two agents type at a
// person's pace (60 ms a key) into the same claim note and the same campaign name, one at its start and
// one at its end, at the same moment; both screens end with exactly what each typed, and so does a
// reload; then one of them types on offline (its device counts one edit waiting) and comes back. An IME composition (CDP Input.imeSetComposition, then Input.insertText) reaches the document
// once, when it ends: a client watching the server's copy sees the note go from the text before it to
// the text with the composed word, never a half-composed state.

const KEY_MS = 60;
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
const CUSTOMER_ID = CUSTOMER.customerId as string;
const url = `ws://127.0.0.1:${port}/sync`;

interface Device {
  context: BrowserContext;
  page: Page;
}

const agentToken = async () =>
  issueTestToken(await loadOrCreateSigningKeys(dataDir), AGENT, { issuer: `http://localhost:${port}/` });

async function open(name: string): Promise<Client> {
  const client = connect(url, name, await agentToken());
  expect(await client.ready).toBe(true);
  return client;
}

const settled = (...clients: Client[]) =>
  expect.poll(() => clients.reduce((n, c) => n + c.provider.unsyncedChanges, 0)).toBe(0);

/** An open LRP claim of the demo customer, with its summary in the organisation document. */
async function seedClaim(): Promise<string> {
  const now = e2eNow().toISOString();
  const id = `cl-coedit-${Date.now().toString(36)}`;
  const claim: ClaimRecord = {
    version: 1,
    id,
    customerId: CUSTOMER_ID,
    plan: "lrp",
    coverageIds: [`cv-${id}`],
    policyId: `p-${id}`,
    commodity: "0801",
    type: "809",
    endDate: "2026-11-13",
    filingDueDate: "2027-01-12",
    actual: {
      value: "265.12",
      source: "rma-actual",
      sourceText: "RMA actual ending value (A00620) for 2026-11-13",
      date: "2026-11-17",
      kind: "final",
    },
    indemnity: "3660",
    producerPremium: "3591",
    net: "69",
    computedAt: now,
    status: "open",
    createdAt: now,
    updatedAt: now,
    updatedBy: AGENT.sub,
  };
  const document = await open(`org/demo/claim/${id}`);
  document.doc.transact(() => {
    const section = document.doc.getMap("claim");
    for (const [key, value] of Object.entries(claim)) section.set(key, value);
  });
  const org = await open("org/demo");
  org.doc.getMap("claims").set(id, claimSummaryOf(claim, {}));
  await settled(document, org);
  document.destroy();
  org.destroy();
  return id;
}

/** A weekly LRP campaign named `name` (its name a shared text, as a device makes it). */
async function seedCampaign(name: string): Promise<string> {
  const now = e2eNow().toISOString();
  const id = `k-coedit${Date.now().toString(36)}`;
  const document = await open(`org/demo/campaign/${id}`);
  document.doc.transact(() => {
    const campaign = document.doc.getMap("campaign");
    campaign.set("schemaVersion", 1);
    campaign.set("name", new Y.Text(name));
    campaign.set("quote", defaultLrpCampaignQuote());
    campaign.set("status", "ACTIVE");
    campaign.set("createdBy", AGENT.sub);
    campaign.set("createdAt", now);
    campaign.set("updatedAt", now);
    const schedule = document.doc.getMap("schedule");
    for (const [key, value] of Object.entries({
      schemaVersion: 1,
      frequency: "WEEKLY",
      weekdays: [2],
      sendTime: "07:00",
      durationType: "ONGOING",
      startDate: now.slice(0, 10),
    }))
      schedule.set(key, value);
  });
  await settled(document);
  document.destroy();
  return id;
}

/** Types `text` at the start (Home) or the end (End) of `input`, 60 ms a key. */
async function typeAt(input: Locator, where: "Home" | "End", text: string) {
  await input.click();
  await input.press(where === "Home" ? "Control+Home" : "Control+End");
  await input.pressSequentially(text, { delay: KEY_MS });
}

/** The input is bound to its shared text (editable) and shows `value`. */
async function expectBound(input: Locator, value: string) {
  await expect(input).toHaveValue(value, { timeout: 20_000 });
  await expect(input).not.toHaveAttribute("readonly", /.*/, { timeout: 20_000 });
}

async function closeAll(devices: Device[]) {
  for (const d of devices) await d.context.close();
}

test("two agents type into one claim note at once, at its start and its end, then one of them offline: every keystroke on both screens and after a reload", async ({
  browser,
}) => {
  // Two devices, two reloads and three runs typed at a person's pace: about 20 s on an idle machine.
  test.setTimeout(90_000);
  const claimId = await seedClaim();
  const path = `/agent/claims/${encodeURIComponent(claimId)}`;
  const alex = await device(browser, AGENT, path);
  const jordan = await device(browser, AGENT2, path);
  const both = [alex, jordan];
  const note = (page: Page) => page.getByLabel(/^Note 1/);
  try {
    await expect(alex.page.getByTestId("claim-page")).toBeVisible({ timeout: 20_000 });
    await expect(jordan.page.getByTestId("claim-page")).toBeVisible({ timeout: 20_000 });
    // Alex adds a note; it appears on Jordan's screen, empty and editable, as Alex starts typing.
    await alex.page.getByRole("button", { name: "Add a note" }).click();
    await expect(note(alex.page)).toBeFocused();
    await alex.page.keyboard.type("Loss reported.", { delay: KEY_MS });
    for (const { page } of both) await expectBound(note(page), "Loss reported.");

    await Promise.all([
      typeAt(note(alex.page), "End", " Weights attached."),
      typeAt(note(jordan.page), "Home", "Call Casey: "),
    ]);
    const expected = "Call Casey: Loss reported. Weights attached.";
    for (const { page } of both) await expect(note(page)).toHaveValue(expected, { timeout: 10_000 });

    for (const { page } of both) await expectAllSynced(page);
    for (const { page } of both) await page.reload();
    for (const { page } of both) await expectBound(note(page), expected);

    // Jordan goes offline and types on; Alex types meanwhile. Jordan's device says one edit waits
    // (one field, not one per key); back online, both screens hold both runs whole.
    await jordan.page.evaluate(() => window.__rangelineSync?.disconnect());
    await jordan.context.setOffline(true);
    await expect(status(jordan.page)).toHaveAttribute("data-state", "offline", { timeout: 20_000 });
    await Promise.all([
      typeAt(note(jordan.page), "End", " Back Tuesday."),
      typeAt(note(alex.page), "Home", "Urgent. "),
    ]);
    await expect(status(jordan.page)).toContainText("1 edit not yet on the server");
    await jordan.context.setOffline(false);
    await jordan.page.evaluate(() => window.__rangelineSync?.connect());
    const merged = `Urgent. ${expected} Back Tuesday.`;
    for (const { page } of both) await expect(note(page)).toHaveValue(merged, { timeout: 20_000 });
    for (const { page } of both) await expectAllSynced(page, 20_000);
    await alex.page.reload();
    await expectBound(note(alex.page), merged);
  } finally {
    await closeAll(both);
  }
});

test("two agents type into one campaign's name at once: every keystroke on both screens and after a reload", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const campaignId = await seedCampaign("Morning LRP");
  const path = `/agent/quote-campaigns/${encodeURIComponent(campaignId)}/edit`;
  const alex = await device(browser, AGENT, path);
  const jordan = await device(browser, AGENT2, path);
  const both = [alex, jordan];
  const name = (page: Page) => page.getByLabel("Campaign name");
  try {
    for (const { page } of both) await expectBound(name(page), "Morning LRP");
    await Promise.all([
      typeAt(name(alex.page), "End", " weekly"),
      typeAt(name(jordan.page), "Home", "Feeder "),
    ]);
    const expected = "Feeder Morning LRP weekly";
    for (const { page } of both) await expect(name(page)).toHaveValue(expected, { timeout: 10_000 });

    for (const { page } of both) await expectAllSynced(page);
    for (const { page } of both) await page.reload();
    for (const { page } of both) await expectBound(name(page), expected);
  } finally {
    await closeAll(both);
  }
});

test("an IME composition in a claim note reaches the document once, when it ends", async ({ browser }) => {
  const claimId = await seedClaim();
  const alex = await device(browser, AGENT, `/agent/claims/${encodeURIComponent(claimId)}`);
  // A client on the server's copy records every value the note's text takes there.
  const watcher = await open(`org/demo/claim/${claimId}`);
  const seen: string[] = [];
  watcher.doc.on("afterTransaction", () => {
    const notes = watcher.doc.getMap("notes");
    for (const value of notes.values()) {
      const text = value instanceof Y.Map ? value.get("text") : null;
      if (text instanceof Y.Text && seen.at(-1) !== text.toString()) seen.push(text.toString());
    }
  });
  try {
    await expect(alex.page.getByTestId("claim-page")).toBeVisible({ timeout: 20_000 });
    await alex.page.getByRole("button", { name: "Add a note" }).click();
    const note = alex.page.getByLabel(/^Note 1/);
    await expect(note).toBeFocused();
    await alex.page.keyboard.type("Ranch ", { delay: KEY_MS });
    await expect.poll(() => seen.at(-1)).toBe("Ranch ");
    const before = seen.length;

    const cdp = await alex.page.context().newCDPSession(alex.page);
    for (const composing of ["か", "かん", "かんじ"]) {
      await cdp.send("Input.imeSetComposition", {
        text: composing,
        selectionStart: composing.length,
        selectionEnd: composing.length,
      });
      await expect(note).toHaveValue(`Ranch ${composing}`);
    }
    await cdp.send("Input.insertText", { text: "漢字" });
    await expect(note).toHaveValue("Ranch 漢字");
    // One device's updates reach the server in order, so any half-composed value sent before the
    // committed one is on the server's copy by the time the committed one is.
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe("Ranch 漢字");
    expect(seen.slice(before)).toEqual(["Ranch 漢字"]);
  } finally {
    watcher.destroy();
    await alex.context.close();
  }
});
