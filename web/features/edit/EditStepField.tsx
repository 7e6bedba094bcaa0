// An OTA step field edited in place (plain text: the log shows steps as written, not as Markdown).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { stepVersion, type StepField } from '../../../shared/gcc/write/edit.ts';
import type { OtaStep } from '../../../shared/types.ts';
import { useCanEdit } from './EditAccess.ts';
import type { DraftTarget } from './drafts.ts';
import { EditableText, type MisreadModule } from './EditableText.tsx';
import { fieldOf, saveDraft } from './saveDraft.ts';

interface Props {
  branch: string;
  step: OtaStep;
  index: number;
  field: StepField;
  render(text: string): ReactNode;
}

export function EditStepField({ branch, step, index, field, render }: Props) {
  const client = useQueryClient();
  const canEdit = useCanEdit();
  const check = useCallback((draft: string, readers: MisreadModule) => readers.stepMisread({ ...step, [field]: draft }, [field]), [step, field]);
  const target = useMemo((): DraftTarget => ({ kind: 'step', branch, index, step: step.step, field }), [branch, index, step.step, field]);
  return (
    <EditableText
      value={step[field]}
      version={stepVersion(step)}
      label={`the ${field} of step ${step.step} (#${index + 1})`}
      canEdit={canEdit}
      misread={{ field, check }}
      render={render}
      target={target}
      conflictText={(current) => fieldOf(current, field)}
      save={(draft, baseVersion) => saveDraft(client, target, draft, baseVersion)}
    />
  );
}
