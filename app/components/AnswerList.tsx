/** One step's answers as the claimant reads them back: a question and its answer per row (summary, confirmation). */
export function AnswerList({ answers }: { answers: Array<{ path: string; label: string; value: string }> }) {
  return (
    <dl className="answers">
      {answers.map((answer) => (
        <div key={answer.path} className="answer">
          <dt>{answer.label}</dt>
          <dd>{answer.value}</dd>
        </div>
      ))}
    </dl>
  );
}
