import { useEffect, useRef, useState } from 'react';
import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor';
import { editorTheme, monaco, sharedEditorOptions } from '../editor/monaco-setup.ts';
import { useResolvedTheme } from '../layout/theme.ts';
import { useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';
import type { JsonMark } from '../../runtime/course/format/json-mark.ts';
import { CHECKS_LANGUAGE } from './checks-json-language.ts';

/** The model's address: apart from the learner's files (file:///…), so nothing compiles it or lists its markers as theirs. */
const CHECKS_URI = 'inmemory://exercise/checks.json';

/** The owner of the checks' markers. */
const MARKER_OWNER = 'exercise-checks';

/** The marks of a reading of the checks, with the text they were read from. */
export interface MarkedText {
  text: string;
  marks: JsonMark[];
}

/** Underlines `marks` in `model`, if it still holds the text they were read from (else a newer reading is on its way). */
function showMarks(model: editor.ITextModel, { text, marks }: MarkedText): void {
  if (model.getValue() !== text) return;
  const markers = marks.map((mark): editor.IMarkerData => {
    const start = model.getPositionAt(mark.offset);
    const end = model.getPositionAt(mark.offset + mark.length);
    return {
      severity: monaco.MarkerSeverity.Error,
      message: mark.message,
      startLineNumber: start.lineNumber,
      startColumn: start.column,
      endLineNumber: end.lineNumber,
      endColumn: end.column,
    };
  });
  monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
}

/**
 * The exercise's checks in a Monaco JSON editor: `initialText()` when it mounts (what was typed before it
 * loaded), each edit to `onEdit`, and the problems of the last reading underlined where they are.
 */
export function ChecksMonaco({
  initialText,
  marked,
  onEdit,
  onMount,
}: {
  initialText: () => string;
  marked: MarkedText;
  onEdit: (text: string) => void;
  onMount: (instance: editor.IStandaloneCodeEditor) => void;
}) {
  const largeText = useStore(useLayout().layoutStore, (s) => s.largeText);
  const theme = useResolvedTheme();
  const model = useRef<editor.ITextModel | null>(null);
  // The text the model is created with: what the text area held when the editor started loading.
  const [created] = useState(initialText);
  useEffect(() => {
    if (model.current) showMarks(model.current, marked);
  }, [marked]);
  return (
    <div className="h-full rounded border border-slate-300 dark:border-slate-700" data-testid="checks-editor">
      <Editor
        path={CHECKS_URI}
        language={CHECKS_LANGUAGE}
        defaultValue={created}
        theme={editorTheme(theme)}
        loading={null}
        onChange={(value) => onEdit(value ?? '')}
        onMount={(instance) => {
          const current = instance.getModel();
          // Typed into the text area while the editor was being created: nothing is lost (and nothing typed into the editor itself).
          if (current && current.getValue() === created && created !== initialText()) current.setValue(initialText());
          model.current = current;
          if (current) showMarks(current, marked);
          onMount(instance);
        }}
        options={sharedEditorOptions('Checks as JSON.', largeText)}
      />
    </div>
  );
}
