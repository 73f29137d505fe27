import { ShareButton } from '../share/share-button.tsx';
import { playgroundTarget } from '../share/playground-target.ts';
import { TemplateMenu } from '../templates/template-menu.tsx';
import { ExportButton } from '../export/export-button.tsx';
import { ModeButtons } from './mode-buttons.tsx';

/** Toolbar controls for using a program beyond this tab: share, free-playground templates, Node export, modes. */
export function ModesControls() {
  return (
    <>
      <ShareButton target={playgroundTarget} />
      <span data-chrome="secondary" className="contents">
        <TemplateMenu />
        <ExportButton />
      </span>
      <ModeButtons />
    </>
  );
}
