import { SCRATCH, useWorkspace, type WorkspacePart } from '../lessons/workspace-store.ts';
import { useRequest, type RequestPart } from '../exchange/request/request-store.ts';
import { fromSharedRequest } from '../share/link/shared-request.ts';
import { isKnownProgram } from '../share/link/known-programs.ts';
import { templates } from './template-catalog.ts';
import { useConfirm, type ConfirmPart } from '../layout/confirm-dialog.tsx';

/** Whether the free playground holds code the playground ships (nothing of the learner's to lose). */
function isUntouched({ filesOf, starterOf }: WorkspacePart): boolean {
  return isKnownProgram(filesOf(SCRATCH), [starterOf(SCRATCH), ...templates.map((t) => t.files)]);
}

/** Opens the free playground with template `id` and its first request (asks before replacing edited code). */
async function openTemplate(
  workspace: WorkspacePart,
  { requestStore }: RequestPart,
  { askToConfirm }: ConfirmPart,
  id: string,
): Promise<void> {
  const template = templates.find((t) => t.id === id);
  if (!template) return;
  const ask = {
    title: 'Replace your code?',
    message: `Replace your free-playground code with the “${template.title}” template?`,
    confirmLabel: 'Replace my code',
  };
  if (!isUntouched(workspace) && !(await askToConfirm(ask))) return;
  workspace.openWorkspace(SCRATCH);
  workspace.chooseCode(template.files);
  requestStore.set({ spec: fromSharedRequest(template.request) });
}

/** The toolbar's "New from template" menu: the free playground, outside the course. */
export function TemplateMenu() {
  const workspace = useWorkspace();
  const request = useRequest();
  const confirm = useConfirm();
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">Free playground: new program from a template</span>
      <select
        className="field"
        value=""
        onChange={(e) => {
          void openTemplate(workspace, request, confirm, e.target.value);
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
