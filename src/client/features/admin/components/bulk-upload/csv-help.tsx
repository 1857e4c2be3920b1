// The help box of the Bulk Upload tab: which CSV columns the server reads, with an example, and the size limit.
import { CSV_MAX_MB } from '../../../../../shared/admin-catalogue.ts';
import { Card } from '../../../../components/ui/card.tsx';

const example = `username,email,password,email_password,two_fa,followers
insta_jane,jane@mail.com,S3cret!,MailPass1,JBSWY3DP,1200`;

export function CsvHelp() {
  return (
    <Card className="h-fit space-y-3 bg-muted/40 p-4 text-sm sm:p-6">
      <h2 className="text-base font-semibold">CSV format</h2>
      <p className="text-muted-foreground">
        A header row, then one account per row, comma separated. Headers are case-insensitive.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <code className="font-mono">password</code>: required
        </li>
        <li>
          <code className="font-mono">email</code> and/or{' '}
          <code className="font-mono">username</code>: at least one (the username defaults to the
          e-mail)
        </li>
        <li>
          <code className="font-mono">email_password</code>: optional
        </li>
        <li>
          <code className="font-mono">two_fa</code> or{' '}
          <code className="font-mono">two_fa_code</code>: optional
        </li>
        <li>
          Any other column, such as <code className="font-mono">followers</code>, is kept as a
          public detail customers can see.
        </li>
      </ul>
      <p className="text-muted-foreground">
        Rows without a password, or without both e-mail and username, are skipped, and so are rows
        repeating an account already in the template. Quote values that contain commas. At most{' '}
        {CSV_MAX_MB} MB per file.
      </p>
      <pre className="overflow-x-auto rounded-md border border-border bg-background p-3 font-mono text-xs">
        {example}
      </pre>
    </Card>
  );
}
