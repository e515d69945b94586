import type { Application } from "../documents/application";
import { SIGNATURE_CONSENT } from "../documents/application";

// A valid application of each applicant type, for the tests of the rules, the server and the e-2-e run.
// The tax ids are well-formed test values, nobody's.

export function sampleIndividualApplication(over: Partial<Application> = {}): Application {
  return {
    submissionId: "sub_0123456789abcdef",
    orgId: "demo",
    applicantType: "individual",
    plans: ["lrp"],
    individual: { name: "Dale Rancher", dateOfBirth: "1970-04-02", maritalStatus: "single" },
    taxIdType: 1,
    taxId: "123456789",
    address: { line1: "1 Ranch Road", city: "Amarillo", state: "TX", county: "48375", zip: "79101" },
    phone: "806-555-0100",
    email: "dale@example.com",
    farmerClassification: "Neither",
    providers: { lrp: "proAg" },
    signature: {
      typedName: "Dale Rancher",
      consentText: SIGNATURE_CONSENT,
      signedAt: "2026-11-20T15:00:00.000Z",
    },
    date: "2026-11-20",
    ...over,
  };
}

export function sampleBusinessApplication(over: Partial<Application> = {}): Application {
  return {
    ...sampleIndividualApplication(),
    submissionId: "sub_business_0123456789",
    applicantType: "business",
    individual: undefined,
    business: {
      legalName: "Rancher Cattle LLC",
      entityType: "Y",
      sbis: [
        {
          id: "s1",
          name: "Dale Rancher",
          entityType: "I",
          taxIdType: 1,
          taxId: "123456789",
          sharePercent: "60",
        },
        {
          id: "s2",
          name: "Ann Rancher",
          entityType: "I",
          taxIdType: 1,
          taxId: "234567890",
          sharePercent: "40",
        },
      ],
    },
    taxIdType: 2,
    taxId: "121234567",
    plans: ["lrp", "lgm"],
    providers: { lrp: "proAg", lgm: "agriSompo" },
    signature: {
      typedName: "Dale Rancher",
      consentText: SIGNATURE_CONSENT,
      signedAt: "2026-11-20T15:00:00.000Z",
    },
    ...over,
  };
}
