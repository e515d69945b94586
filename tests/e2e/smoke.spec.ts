import { expect, test } from "@playwright/test";

test("the portal serves its home page and health check", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Rangeline" })).toBeVisible();
});
