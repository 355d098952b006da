/** Valid answers for the demo settlement's steps, as a claimant would type them. */
export const AUTOMOTIVE_CLAIMANT = {
  "claimantInfo.firstName": "Ana",
  "claimantInfo.middleInitial": "M",
  "claimantInfo.lastName": "García",
  "claimantInfo.mailingStreetLine1": "12 Pine St",
  "claimantInfo.mailingCity": "Seattle",
  "claimantInfo.mailingCountry": "US",
  "claimantInfo.mailingSubDivision": "WA",
  "claimantInfo.mailingPostalCode": "981110042",
  "claimantInfo.emailAddress": "ana@example.com",
  "claimantInfo.confirmEmailAddress": "ANA@example.com",
  "claimantInfo.phoneNumber": "555.123.4567",
  "claimantInfo.confirmPhoneNumber": "(555) 123-4567",
  "claimantInfo.contactPreference": "email",
};

export const AUTOMOTIVE_DETAILS = {
  "claimDetails.vehicleVin": "1hgcm82633a004352",
  "claimDetails.modelYear": "2019",
  "claimDetails.ownershipType": "owned",
  "claimDetails.acquisitionDate": "4/2/2019",
  "claimDetails.disposalDate": "6/30/2023",
  "claimDetails.repairVisits": "3",
  "claimDetails.repairCostEstimate": "1,250",
  "claimDetails.firstNoticedMonth": "07/2020",
};

export const STANDARD_CLAIMANT = {
  "claimantInfo.firstName": "Bo",
  "claimantInfo.lastName": "Lee",
  "claimantInfo.mailingStreetLine1": "1 Main St",
  "claimantInfo.mailingCity": "Austin",
  "claimantInfo.mailingCountry": "US",
  "claimantInfo.mailingSubDivision": "TX",
  "claimantInfo.mailingPostalCode": "73301",
  "claimantInfo.emailAddress": "bo@acmemotors.example",
  "claimantInfo.confirmEmailAddress": "bo@acmemotors.example",
};

export const STANDARD_DETAILS = {
  "claimDetails.boughtPartsKit": "on",
  "claimDetails.boughtWarranty": "on",
  "claimDetails.quantity": "2",
  "claimDetails.unitPrice": "1,250.5",
  "claimDetails.totalWeight": "12.5",
  "claimDetails.purchaseDate": "3/7/2021",
  "claimDetails.boughtOnline": "on",
  "claimDetails.orderNumber": "A-1001",
  "claimDetails.employeeId": "E12345",
  "claimDetails.warrantyPeriod": "1/15/2021 - 1/14/2024",
  "claimDetails.serviceDates": "3/2/2022;9/14/2022",
  "claimDetails.installationAppointment": "6/3/2022 14:30",
};

export const REIMBURSEMENT_DETAILS = {
  "claimDetails.repairShopName": "Main St Garage",
  "claimDetails.repairDate": "5/1/2024",
  "claimDetails.odometerMiles": "48210",
  "claimDetails.repairAmount": "480.5",
};

/** Answers with their dates as a claimant of `culture` types them: day first in Spanish (decision 034). */
export const inCultureOrder = (answers: Record<string, string>, culture: string) =>
  culture !== "es"
    ? answers
    : Object.fromEntries(
        Object.entries(answers).map(([name, value]) => [
          name,
          value.replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (_, month, day, year) => `${day}/${month}/${year}`),
        ]),
      );
