import type { DraftKept } from "#app/claims/draft-kept.server.ts";
import { useText } from "#app/i18n/use-text.ts";

/** How long the claimant's answers are kept (issue 25): a sentence per way of signing in the page concerns. */
export function DraftKeptNotice({ kept }: { kept: DraftKept[] }) {
  const text = useText();
  return kept.map((sentence) => (
    <p key={sentence.key} className="draft-kept">
      {text(sentence.key, sentence.value)}
    </p>
  ));
}
