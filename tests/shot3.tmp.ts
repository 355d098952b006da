import { launchChromium } from "./support/browser.ts";
const browser = await launchChromium();
const page = await (await browser.newContext()).newPage();
await page.goto("http://127.0.0.1:3130/automotive/claimant-info");
await page.waitForTimeout(800);
await page.getByRole("button", { name: "Save and continue" }).click();
await page.waitForTimeout(500);
const phone = page.locator("#field-claimantInfo-phoneNumber");
await phone.click();
for (const key of "555") {
  await page.keyboard.type(key);
  await page.waitForTimeout(100);
  console.log(JSON.stringify(await phone.inputValue()), await page.evaluate(() => document.activeElement?.id || document.activeElement?.className));
}
await browser.close();
