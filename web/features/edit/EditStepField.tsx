// An OTA step field edited in place (plain text: the log shows steps as written, not as Markdown).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { stepVersion, type StepField } from '../../../shared/gcc/write/edit.ts';
import type { OtaStep } from '../../../shared/types.ts';
import { editApi } from '../../api/editClient.ts';
import { invalidateAfterEdit } from '../../api/editQueries.ts';
import { useCanEdit } from './EditAccess.ts';
import { EditableText, type MisreadModule } from './EditableText.tsx';

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
  return (
    <EditableText
      value={step[field]}
      version={stepVersion(step)}
      label={`the ${field} of step ${step.step} (#${index + 1})`}
      canEdit={canEdit}
      misread={{ field, check }}
      render={render}
      conflictText={(current) => (current as OtaStep)[field] ?? ''}
      save={async (draft, baseVersion) => {
        await editApi.step(branch, index, { step: step.step, version: baseVersion, fields: { [field]: draft } });
        await invalidateAfterEdit(client, { kind: 'step', branch, index, step: step.step });
      }}
    />
  );
}
