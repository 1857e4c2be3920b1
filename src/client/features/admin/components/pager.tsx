// "1–25 of 1,103" with Newer / Older: the paging of the console's server-side lists (Orders, Activity).
import { Button } from '../../../components/ui/button.tsx';

type Props = {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
};

export function Pager({ offset, shown, total, pageSize, onOffset }: Props) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span>
        {total === 0 ? 0 : offset + 1}–{offset + shown} of {total.toLocaleString('en-NG')}
      </span>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          Newer
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={offset + shown >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          Older
        </Button>
      </div>
    </div>
  );
}
