import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './field';

export interface MathProblem {
  a: number;
  b: number;
}

export function randomProblem(): MathProblem {
  const digit = () => 1 + Math.floor(Math.random() * 9);
  return { a: digit(), b: digit() };
}

export interface ConfirmMathDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is about to be deleted or changed, e.g. "3 stories". */
  thing: string;
  /** The verb of the prompt ("You are about to <action> <thing>"); default "delete". */
  action?: string;
  onConfirm: () => void;
  /** A warning shown above the problem (what else the delete removes). */
  warning?: ReactNode;
  /** The toast shown on a wrong answer. */
  wrongAnswerMessage?: string;
  title?: string;
  confirmLabel?: string;
  /** The confirm button's look: red for a delete (the default), the plain primary for an update. */
  tone?: 'danger' | 'primary';
  /** For tests; a fresh random problem is made each time the dialog opens. */
  createProblem?: () => MathProblem;
}

/** The arithmetic confirmation deletes and updates ask for (doc 1 sections 1 and 5). */
export function ConfirmMathDialog({ open, onOpenChange, ...props }: ConfirmMathDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={props.title ?? 'Please confirm'}>
      {open && <MathForm {...props} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type MathFormProps = Omit<ConfirmMathDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void };

function MathForm({
  thing,
  action = 'delete',
  onConfirm,
  onCancel,
  createProblem = randomProblem,
  tone = 'danger',
  ...opts
}: MathFormProps) {
  const [problem] = useState(createProblem);
  const [answer, setAnswer] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to a form the dialog sits in.
    event.stopPropagation();
    if (answer.trim() !== '' && Number(answer) === problem.a + problem.b) {
      onConfirm();
      return;
    }
    toast.error(opts.wrongAnswerMessage ?? 'Captcha answer is not correct', { duration: 2000 });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      {opts.warning && (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200"
        >
          {opts.warning}
        </p>
      )}
      <p className="text-sm text-slate-600">
        You are about to {action} {thing}. To confirm, please solve this math problem
      </p>
      <p
        className="rounded-md bg-slate-100 py-3 text-center font-mono text-lg font-semibold"
        data-testid="math-problem"
      >
        {problem.a} + {problem.b} = ?
      </p>
      <TextField
        label="Answer"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={tone}>
          {opts.confirmLabel ?? 'Confirm'}
        </Button>
      </div>
    </form>
  );
}
