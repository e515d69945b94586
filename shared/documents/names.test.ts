import { describe, expect, it } from "vitest";
import { documentName, parseDocumentName } from "./names";

describe("document names", () => {
  it("[ACL1] parses every document name ARCHITECTURE.md lists", () => {
    expect(parseDocumentName("org/demo")).toEqual({ kind: "org", name: "org/demo", orgId: "demo" });
    expect(parseDocumentName("org/demo/book")).toEqual({
      kind: "book",
      name: "org/demo/book",
      orgId: "demo",
    });
    expect(parseDocumentName("org/demo/customer/c-1")).toEqual({
      kind: "customer",
      name: "org/demo/customer/c-1",
      orgId: "demo",
      customerId: "c-1",
    });
    expect(parseDocumentName("org/demo/customer/c-1/internal")).toMatchObject({
      kind: "customerInternal",
      customerId: "c-1",
    });
    expect(parseDocumentName("org/demo/campaign/k.7")).toMatchObject({ kind: "campaign", campaignId: "k.7" });
    expect(parseDocumentName("org/demo/claim/cl_9")).toMatchObject({ kind: "claim", claimId: "cl_9" });
    expect(parseDocumentName("user/auth0|abc123/watchlist")).toEqual({
      kind: "watchlist",
      name: "user/auth0|abc123/watchlist",
      userId: "auth0|abc123",
    });
    expect(parseDocumentName("market/current")).toEqual({ kind: "market", name: "market/current" });
  });

  it.each([
    "",
    "org",
    "org/",
    "org/demo/",
    "org/demo/customer",
    "org/demo/customer/c-1/internal/x",
    "org/demo/customers/c-1",
    "org/demo/book/x",
    "org/demo/books",
    "org/demo/Book",
    "org/../demo",
    "org/.hidden",
    "org/de mo",
    "Org/demo",
    "user/u1",
    "user/u1/watchlists",
    "market",
    "market/current/x",
    "market/previous",
    "org/demo\n",
    `org/${"a".repeat(129)}`,
  ])("[ACL1] refuses %j", (name) => {
    expect(parseDocumentName(name)).toBeNull();
  });

  it("[ACL1] builds the names it parses", () => {
    const built = [
      documentName.org("demo"),
      documentName.book("demo"),
      documentName.customer("demo", "c-1"),
      documentName.customerInternal("demo", "c-1"),
      documentName.campaign("demo", "k-1"),
      documentName.claim("demo", "cl-1"),
      documentName.watchlist("auth0|u"),
      documentName.market(),
    ];
    expect(built.map((name) => parseDocumentName(name)?.kind)).toEqual([
      "org",
      "book",
      "customer",
      "customerInternal",
      "campaign",
      "claim",
      "watchlist",
      "market",
    ]);
  });
});
