import { useCallback, useRef, useState, type ReactElement } from 'react';
import { Confirm } from 'react-admin';

interface Question {
  title: string;
  content: string;
  args?: Record<string, string | number>;
  confirm?: string;
}

/**
 * A confirmation dialog that can be awaited inside a save flow:
 * `if (!(await ask({title, content}))) return;`. Render `dialog` once in the form.
 */
export function useAsk(): { ask: (q: Question) => Promise<boolean>; dialog: ReactElement } {
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback(
    (q: Question) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setQuestion(q);
      }),
    [],
  );
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setQuestion(null);
  };

  const dialog = (
    <Confirm
      isOpen={question !== null}
      title={question?.title ?? ''}
      content={question?.content ?? ''}
      translateOptions={question?.args}
      confirm={question?.confirm ?? 'ra.action.confirm'}
      onConfirm={() => answer(true)}
      onClose={() => answer(false)}
    />
  );
  return { ask, dialog };
}
