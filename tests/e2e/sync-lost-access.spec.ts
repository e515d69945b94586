import { EXCLUSIVE, expect, type Page, test } from "./fixtures";
import {
  AGENT,
  AGENT2,
  customerPath,
  device,
  deviceWithNewCustomer,
  documentDatabases,
  expectAllSynced,
  field,
  freshName,
  user,
} from "./sync-helpers";

// Lost access (docs/local-first.md): when an agent's role is taken away, the customer document they had open
// is closed by the server, refused when the device asks again, and removed from the device.

const ADMIN = user("admin@demo.rangeline.test");

/** The access token the app holds for the signed-in user (auth0-spa-js keeps it in localStorage). */
const accessToken = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? "";
      if (!key.startsWith("@@auth0spajs@@") || key.endsWith("@@user@@")) continue;
      const token = JSON.parse(localStorage.getItem(key) ?? "{}")?.body?.access_token;
      if (typeof token === "string") return token;
    }
    throw new Error("no access token in localStorage");
  });

test(
  "a customer document the agent may no longer open is removed from the device",
  EXCLUSIVE,
  async ({ browser }) => {
    test.setTimeout(90_000);
    const owner = await deviceWithNewCustomer(browser, AGENT, freshName("Lost Access Ranch"));
    const docName = `org/${AGENT2.orgId}/customer/${owner.id}`;
    const database = `rangeline-doc:${encodeURIComponent(AGENT2.sub)}:${docName}`;
    const jordan = await device(browser, AGENT2, customerPath(owner.id));
    const admin = await device(browser, ADMIN, "/");
    const token = await accessToken(admin.page);
    const members = `/api/orgs/${AGENT2.orgId}/members`;
    try {
      await field(owner.page, "Name").fill("Kept by the agency");
      await expect(field(jordan.page, "Name")).toHaveValue("Kept by the agency");
      await expectAllSynced(jordan.page);
      expect(await documentDatabases(jordan.page)).toContain(database);

      const removed = await admin.page.request.delete(
        `${members}/${encodeURIComponent(AGENT2.sub)}/roles/agent`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      expect(removed.status()).toBe(200);

      await expect(jordan.page.getByTestId("customer-record")).toHaveCount(0);
      await expect(
        jordan.page.getByRole("status").filter({ hasText: "You no longer have access" }),
      ).toBeVisible();
      await expect.poll(() => documentDatabases(jordan.page)).not.toContain(database);
      // The agent who still has access keeps working.
      await field(owner.page, "Mobile phone").fill("555-555-0142");
      await expectAllSynced(owner.page);
    } finally {
      const restored = await admin.page.request.post(members, {
        headers: { Authorization: `Bearer ${token}` },
        data: { userId: AGENT2.sub, email: AGENT2.email, name: AGENT2.name, role: "agent" },
      });
      expect(restored.status()).toBe(201);
      await owner.context.close();
      await jordan.context.close();
      await admin.context.close();
    }
  },
);
