import { describe, expect, it } from "vitest";
import { orderHref } from "./order-href";

describe("the Order button's link", () => {
  it("carries the quote's inputs and chosen row to the coverage create screen", () => {
    expect(
      orderHref({ commodity: "0801", type: "810", head: "130", weight: "8", share: "100", row: "13-0.9225" }),
    ).toBe("/agent/coverages/lrp/create?commodity=0801&type=810&head=130&weight=8&share=100&row=13-0.9225");
  });
  it("leaves empty values out and encodes what it carries", () => {
    expect(orderHref({ head: "1,200", row: "" })).toBe("/agent/coverages/lrp/create?head=1%2C200");
    expect(orderHref({})).toBe("/agent/coverages/lrp/create");
  });
  it("leads an LGM quote to the LGM create screen", () => {
    expect(orderHref({ commodity: "0803", m: "0,0,0,100", deductible: "20" }, "lgm")).toBe(
      "/agent/coverages/lgm/create?commodity=0803&m=0%2C0%2C0%2C100&deductible=20",
    );
  });
});
