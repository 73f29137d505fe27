import { chooseCode, filesOf, openWorkspace, SCRATCH, starterFiles } from '../state/workspace-store.ts';
import { requestStore } from '../request/request-store.ts';
import { fromSharedRequest } from '../share/shared-request.ts';
import { isKnownProgram } from '../share/known-programs.ts';
import { templates } from './template-catalog.ts';

/** Whether the free playground holds code the playground ships (nothing of the learner's to lose). */
function isUntouched(): boolean {
  return isKnownProgram(filesOf(SCRATCH), [starterFiles(SCRATCH), ...templates.map((t) => t.files)]);
}

/** Opens the free playground with template `id` and its first request (asks before replacing edited code). */
export function openTemplate(id: string): void {
  const template = templates.find((t) => t.id === id);
  if (!template) return;
  if (!isUntouched() && !window.confirm(`Replace your free-playground code with the “${template.title}” template?`)) return;
  openWorkspace(SCRATCH);
  chooseCode(template.files);
  requestStore.set({ spec: fromSharedRequest(template.request) });
}

/** The toolbar's "New from template" menu: the free playground, outside the course. */
export function TemplateMenu() {
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">Free playground: new program from a template</span>
      <select
        className="field"
        value=""
        onChange={(e) => {
          openTemplate(e.target.value);
          e.target.value = '';
        }}
      >
        <option value="" disabled>
          Free playground…
        </option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </select>
    </label>
  );
}
