import { expect, test } from "./fixtures";

test("the portal serves its health check and its home page", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: "ok" });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Rangeline" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
  await expect(page).toHaveTitle("Home · Rangeline");
});
