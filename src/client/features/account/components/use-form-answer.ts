// The answer under a settings form: the server's message, as success or error, cleared at the next submit.
import { useState } from 'react';

export function useFormAnswer() {
  const [answer, setAnswer] = useState<{ message: string; tone: 'ok' | 'error' } | null>(null);
  return {
    answer,
    clear: () => setAnswer(null),
    ok: (message: string) => setAnswer({ message, tone: 'ok' }),
    fail: (message: string) => setAnswer({ message, tone: 'error' }),
  };
}
