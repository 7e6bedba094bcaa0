// What the ported emitters share about a scalar's characters: its code points and their hex spelling in escapes.

/** js-yaml iterates by `codePointAt`, so a lone surrogate is one (non-printable) character. The libyaml ports read these too. */
export function codePointsOf(value: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < value.length; ) {
    const c = value.codePointAt(i) ?? 0;
    codes.push(c);
    i += c >= 0x10000 ? 2 : 1;
  }
  return codes;
}

export function hex(code: number, width: number): string {
  return code.toString(16).toUpperCase().padStart(width, '0');
}
