import { e2eNow } from "./clock";
import { expect, type Page, test } from "./fixtures";
import { AGENT, device, deviceWithNewCustomer, expectAllSynced, freshName, user } from "./sync-helpers";

// docs/hardening.md (HIST3): a write removing most of a customer's records at once is held by the server;
// the agent is asked again. "Keep the records" drops the change (nothing was removed); "Remove them"
// confirms it and the change is applied.

const ADMIN = user("admin@demo.rangeline.test");
const AT = "2026-11-20T15:00:00.000Z";
const entity = (id: string) => ({
  id,
  type: "I",
  legalName: `Entity ${id}`,
  taxIdType: 1,
  taxIdLast4: "6789",
  sbis: {},
  status: "active",
  createdAt: AT,
  updatedAt: AT,
  updatedBy: AGENT.sub,
});

/** The customer document's entity keys now, as the admin's history API reads them. */
async function entitiesNow(admin: Page, document: string): Promise<string[]> {
  const token = await admin.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith("@@auth0spajs@@") || key.includes("@@user@@")) continue;
      const entry = JSON.parse(localStorage.getItem(key) ?? "{}");
      if (entry.body?.access_token) return entry.body.access_token as string;
    }
    return "";
  });
  const response = await admin.request.get(
    `/api/orgs/demo/document-history/state?document=${encodeURIComponent(document)}&at=${e2eNow().getTime() + 1000}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { sections: { entities: Record<string, unknown> } };
  return Object.keys(body.sections.entities).sort();
}

test("a mass removal is held and the agent is asked: keep the records, then remove them", async ({
  browser,
}) => {
  const agent = await deviceWithNewCustomer(browser, AGENT, freshName("Held Ranch"));
  const admin = await device(browser, ADMIN, "/settings");
  const document = `org/demo/customer/${agent.id}`;
  try {
    const page = agent.page;
    await page.waitForFunction(() => window.__rangelineSync !== undefined);
    for (const id of ["e-1", "e-2", "e-3"]) {
      await page.evaluate(
        ([name, key, value]) =>
          window.__rangelineSync?.forceWrite(name as string, "entities", [key as string], value),
        [document, id, entity(id)] as const,
      );
    }
    await expectAllSynced(page);
    await expect.poll(() => entitiesNow(admin.page, document)).toEqual(["e-1", "e-2", "e-3"]);

    const removeAll = () =>
      page.evaluate(
        (name) => window.__rangelineSync?.forceRemove(name, "entities", ["e-1", "e-2", "e-3"]),
        document,
      );
    await removeAll();
    const prompt = page.getByTestId("held-write");
    await expect(prompt).toContainText("removes 3 of the 3 records");
    await test
      .info()
      .attach("the held-write prompt", { body: await page.screenshot(), contentType: "image/png" });
    await prompt.getByRole("button", { name: "Keep the records" }).click();
    await expect(prompt).toHaveCount(0);
    await expectAllSynced(page);
    expect(await entitiesNow(admin.page, document)).toEqual(["e-1", "e-2", "e-3"]);

    await removeAll();
    await prompt.getByRole("button", { name: "Remove them" }).click();
    await expect(prompt).toHaveCount(0);
    await expectAllSynced(page);
    await expect.poll(() => entitiesNow(admin.page, document)).toEqual([]);
  } finally {
    await agent.context.close();
    await admin.context.close();
  }
});
