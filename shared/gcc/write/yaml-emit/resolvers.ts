// The implicit resolvers of the writers' YAML libraries (PyYAML, js-yaml, yaml.v3, serde_yaml): a plain
// scalar that a reader would take for something other than a string must be quoted by the writer. Each
// library has its own list.

/**
 * The YAML 1.1 words for booleans and null, in the spellings the resolvers know (PyYAML, js-yaml and its deprecated
 * booleans, yaml.v3's isOldBool, serde_yaml, the yaml library's 1.1 schema): the only plain scalars that start with
 * a letter any of them reads as other than text, but for the yaml library's exponent floats (`e5`).
 */
export const YAML11_WORDS: ReadonlySet<string> = new Set(
  ['y', 'n', 'yes', 'no', 'on', 'off', 'true', 'false', 'null'].flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()]),
);

/** PyYAML's YAML 1.1 resolver (resolver.py): does a plain `value` resolve to a non-string? */
export function pyyamlResolvesAsNonString(value: string): boolean {
  return PYYAML_IMPLICIT.some((re) => re.test(value));
}

const PYYAML_IMPLICIT: RegExp[] = [
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  /^(?:<<)$/,
  /^(?:~|null|Null|NULL|)$/,
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  /^(?:=)$/,
  /^(?:!|&|\*)$/,
];

export const JS_YAML_DEPRECATED_BOOLEANS = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF',
]);
export const BASE60 = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/;

function jsYamlResolvesInteger(data: string): boolean {
  // resolveYamlInteger from js-yaml's type/int.js
  const max = data.length;
  if (max === 0) return false;
  let index = 0;
  let ch = data[index];
  let hasDigits = false;
  if (ch === '-' || ch === '+') ch = data[++index];
  if (ch === '0') {
    if (index + 1 === max) return true;
    ch = data[++index];
    const radix = ch === 'b' ? /[01]/ : ch === 'x' ? /[0-9a-fA-F]/ : ch === 'o' ? /[0-7]/ : null;
    if (radix !== null) {
      index++;
      for (; index < max; index++) {
        ch = data[index];
        if (ch === '_') continue;
        if (ch === undefined || !radix.test(ch)) return false;
        hasDigits = true;
      }
      return hasDigits && ch !== '_';
    }
  }
  if (ch === '_') return false;
  for (; index < max; index++) {
    ch = data[index];
    if (ch === '_') continue;
    if (ch === undefined || !/[0-9]/.test(ch)) return false;
    hasDigits = true;
  }
  return hasDigits && ch !== '_';
}

/** js-yaml DEFAULT_SCHEMA implicit types (null, bool, int, float, timestamp, merge). */
export function jsYamlAmbiguous(value: string): boolean {
  if (/^(?:~|null|Null|NULL)$/.test(value) || value === '') return true;
  if (/^(?:true|True|TRUE|false|False|FALSE)$/.test(value)) return true;
  if (jsYamlResolvesInteger(value)) return true;
  if (
    /^(?:[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/.test(value) &&
    !value.endsWith('_')
  ) {
    return true;
  }
  if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return true;
  if (/^[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?$/.test(value)) {
    return true;
  }
  return value === '<<';
}

/** gopkg.in/yaml.v3 `resolve("", s)` is not `!!str`, or the string is a YAML 1.1 bool / base-60 float. */
export function goNeedsQuotes(value: string): boolean {
  if (JS_YAML_DEPRECATED_BOOLEANS.has(value)) return true; // isOldBool
  if (/^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/.test(value)) return true; // isBase60Float
  if (['', '~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(value)) return true;
  if (['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF', '<<'].includes(value)) {
    return true;
  }
  const first = value.charAt(0);
  if (first === '.') return goParsesFloat(value);
  if (!/[-+0-9]/.test(first)) return false;
  if (goParsesTimestamp(value)) return true;
  const plain = value.replace(/_/g, '');
  if (/^[-+]?(?:0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[0-9]+)$/.test(plain)) return true; // ParseInt base 0
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(plain)) return true; // yamlStyleFloat
  return /^-?0b[01]+$/.test(plain) || /^-?0o[0-7]+$/.test(plain);
}

function goParsesFloat(value: string): boolean {
  return /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(value) || /^[-+]?(?:inf|infinity|nan)$/i.test(value);
}

function goParsesTimestamp(value: string): boolean {
  // yaml.v3 tries "2006-1-2T15:4:5.999999999Z07:00", the same with `t`, "2006-1-2 15:4:5.999999999", "2006-1-2"
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/.exec(value);
  if (m === null) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** serde_yaml 0.9 `serialize_str`: would the plain text read back as null, bool, int or float? */
export function rustNeedsQuotes(value: string): boolean {
  if (value === '' || ['~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(value)) return true;
  const unsigned = value.replace(/^[-+]/, '');
  // digits_but_not_number: a leading zero makes it a string in YAML 1.2, but serde_yaml quotes it anyway
  if (unsigned.length > 1 && unsigned.startsWith('0') && /^[0-9]+$/.test(unsigned.slice(1))) return true;
  if (/^[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|[0-9]+)$/.test(value)) return true;
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/.test(value)) return true;
  const unpositive = value.startsWith('+') ? value.slice(1) : value;
  return !/^[-+]{2}/.test(value) && /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(unpositive);
}
