import { monaco } from '../editor/monaco-setup.ts';

/**
 * The language of the checks editor: JSON highlighted by a small grammar, with JSON's brackets and quotes.
 * The build keeps Monaco's own JSON language out (runtime/build/monaco-languages-plugin.ts): its service
 * and worker would validate against a second schema, where the checks' one is check-schema.ts.
 */
export const CHECKS_LANGUAGE = 'checks-json';

monaco.languages.register({ id: CHECKS_LANGUAGE, aliases: ['JSON'] });
monaco.languages.setLanguageConfiguration(CHECKS_LANGUAGE, {
  brackets: [
    ['{', '}'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"', notIn: ['string'] },
  ],
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"' },
  ],
});
monaco.languages.setMonarchTokensProvider(CHECKS_LANGUAGE, {
  tokenizer: {
    root: [
      // A string followed by a colon is a key.
      [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'type'],
      [/"(?:[^"\\]|\\.)*"/, 'string'],
      [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, 'number'],
      [/\b(?:true|false|null)\b/, 'keyword'],
      [/[{}[\],:]/, 'delimiter'],
    ],
  },
});
