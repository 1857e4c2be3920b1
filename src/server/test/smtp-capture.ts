// Test helper: a real SMTP server on a free local port that keeps every message it receives (recipients and raw data).
import { SMTPServer } from 'smtp-server';

export type SmtpCapture = {
  port: number;
  received: { to: string; data: string }[];
  close: () => Promise<void>;
};

/** On a free port, or on `port` (a server taking over from another one there). */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const received: SmtpCapture['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as { port: number }).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
