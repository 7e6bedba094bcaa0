// Text whose `backticked` parts are code: the wording of warnings and notes, which name branches and files.
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  // An even count of parts means one backtick was never closed: what follows it stays text.
  const open = parts.length % 2 === 0 ? parts.length - 1 : -1;
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 && i !== open ? <code key={i}>{p}</code> : <span key={i}>{i === open ? `\`${p}` : p}</span>,
      )}
    </>
  );
}
