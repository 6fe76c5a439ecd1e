/**
 * Splits a POSIX shell command line into words: single quotes (literal), double quotes (with
 * `\\`, `\"`, `\$` and `` \` `` escapes) and backslash escapes. Used to read the bubblewrap command
 * line the sandbox runtime builds, which quotes every word itself; anything the line would have
 * the shell expand (`$`, globs, `;` outside quotes) is refused, not guessed.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (c === " " || c === "\t" || c === "\n") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error("unterminated single quote");
      word += line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line.charAt(j) !== '"'; j++) {
        const d = line.charAt(j);
        if (d === "\\" && '\\"$`'.includes(line.charAt(j + 1))) {
          word += line.charAt(j + 1);
          j++;
        } else if (d === "$" || d === "`") throw new Error("expansion inside double quotes");
        else word += d;
      }
      if (j >= line.length) throw new Error("unterminated double quote");
      i = j;
    } else if (c === "\\") {
      word += line.charAt(i + 1);
      i++;
    } else if ("$`;&|<>(){}*?[".includes(c)) {
      throw new Error(`unquoted shell character ${c}`);
    } else word += c;
  }
  if (inWord) words.push(word);
  return words;
}

/** Quotes one word for a POSIX shell: single quotes, each `'` written as `'\''`. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
