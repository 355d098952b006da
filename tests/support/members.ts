/**
 * Class members for tests. A draft and a claim belong to the member who signed in, so two tests
 * signing in as the same member would see each other's answers and claims: each test claimant is
 * a person of their own. The test settlement (settlementWith) lists, beside the demo's six,
 * MEMBERS_PER_KIND members with the demo's first member's data (Ana García of Seattle, no VIN) and
 * as many with no data at all; these hand them out in turn.
 */
export const MEMBERS_PER_KIND = 2000;
const FIRST_WITH_DATA = 20_000_000;
const FIRST_BLANK = 30_000_000;

export type Credentials = { "credentials.claimId": string; "credentials.pin": string };

const pinOf = (claimId: number) => String(100_000 + (claimId % 900_000));
const credentialsOf = (claimId: number): Credentials => ({
  "credentials.claimId": String(claimId),
  "credentials.pin": pinOf(claimId),
});

// Test files share a worker process but each has its own server, so a counter per process suffices.
let handedOut = 0;

/** A member no test has signed in as yet, whose data fills the first step (Ana García's). */
export function testMember(): Credentials {
  return credentialsOf(FIRST_WITH_DATA + (handedOut++ % MEMBERS_PER_KIND));
}

/** A member no test has signed in as yet, with nothing to fill in. */
export function blankMember(): Credentials {
  return credentialsOf(FIRST_BLANK + (handedOut++ % MEMBERS_PER_KIND));
}

/** The class-member list rows of the test members, for the test settlement's class-members.csv. */
export function testMemberRows(): string {
  const rows: string[] = [];
  for (let index = 0; index < MEMBERS_PER_KIND; index++) {
    const withData = FIRST_WITH_DATA + index;
    const blank = FIRST_BLANK + index;
    rows.push(
      `${withData},${pinOf(withData)},,Ana,García,12 Pine St,,Seattle,WA,98111,ana@example.com,2019`,
      `${blank},${pinOf(blank)},,,,,,,,,,`,
    );
  }
  return `${rows.join("\n")}\n`;
}
