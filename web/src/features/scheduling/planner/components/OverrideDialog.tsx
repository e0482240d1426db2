import { Button, Dialog } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';

/** docs/product/planning.md: dropping where the student lacks availability asks first. */
export function OverrideDialog({
  open,
  name,
  when,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  when: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="sm"
      title={PLANNER_TEXTS.overrideTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {PLANNER_TEXTS.cancel}
          </Button>
          <Button onClick={onConfirm} data-autofocus>
            {PLANNER_TEXTS.enter}
          </Button>
        </>
      }
    >
      <p>{PLANNER_TEXTS.notAvailableAt(name, when)}</p>
      <p>{PLANNER_TEXTS.overrideAsk}</p>
    </Dialog>
  );
}
