import { blankMember, testMember } from "#tests/support/members.ts";

/** Claimants of the tests' settlement for the contract client, and their answers in SPEC's parts. */

export type Member = { claimId: string; pin: string };

const asMember = (credentials: ReturnType<typeof blankMember>): Member => ({
  claimId: credentials["credentials.claimId"],
  pin: credentials["credentials.pin"],
});

/** A class member no test has used, with nothing to fill in. */
export const newMember = (): Member => asMember(blankMember());
/** A class member no test has used, whose data (Ana García's, of Seattle) signing in gives back. */
export const memberWithData = (): Member => asMember(testMember());

/** The captcha token docs/api.md gives for the "test" provider the tests' settlement runs with. */
export const TEST_TOKEN = "test-pass";

const CLAIMANT_INFO = {
  firstName: "Ana",
  lastName: "García",
  mailingStreetLine1: "12 Pine St",
  mailingCity: "Seattle",
  mailingCountry: "US",
  mailingSubDivision: "WA",
  mailingPostalCode: "98111",
  emailAddress: "ana@example.com",
  confirmEmailAddress: "ana@example.com",
};

/** Automotive and reimbursement ask for a phone and how to be contacted too. */
const CLAIMANT_INFO_WITH_PHONE = {
  ...CLAIMANT_INFO,
  phoneNumber: "(555) 123-4567",
  confirmPhoneNumber: "(555) 123-4567",
  contactPreference: "email",
};

export const SIGNATURE = { attestation: true, signature: "Ana García" };

/** Each flow's answers as a claimant would give them, in SPEC's parts (no paymentElection). */
export const ANSWERS = {
  standard: {
    claimantInfo: CLAIMANT_INFO,
    claimDetails: {
      boughtPartsKit: true,
      quantity: 2,
      unitPrice: "19.99",
      purchaseDate: "3/7/2021",
      boughtInStore: true,
    },
  },
  automotive: {
    claimantInfo: CLAIMANT_INFO_WITH_PHONE,
    claimDetails: {
      vehicleVin: "1HGCM82633A004352",
      modelYear: "2019",
      ownershipType: "owned",
      acquisitionDate: "4/2/2019",
      stillOwn: true,
      repairVisits: 3,
      repairCostEstimate: "1,250",
      firstNoticedMonth: "07/2020",
    },
  },
  reimbursement: {
    claimantInfo: CLAIMANT_INFO_WITH_PHONE,
    claimDetails: {
      repairShopName: "Main St Garage",
      repairDate: "5/1/2024",
      odometerMiles: "48210",
      repairAmount: "480.50",
    },
  },
} as const;
export type ClaimFlow = keyof typeof ANSWERS;
