// The Overview's period: today, 7, 30 or 90 days, or a custom range of days (applied with its button).
import { useState, type FormEvent } from 'react';
import { OVERVIEW_PRESETS, overviewPresetLabels } from '../../../../../shared/admin-overview.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/field.tsx';
import type { OverviewPeriodChoice } from '../../api/admin-overview.ts';

export function PeriodPicker({
  value,
  onChange,
}: {
  value: OverviewPeriodChoice;
  onChange: (p: OverviewPeriodChoice) => void;
}) {
  const [custom, setCustom] = useState(value.period === 'custom');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (from && to) onChange({ period: 'custom', from, to });
  };
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-1">
        {OVERVIEW_PRESETS.map((p) => {
          const pressed = p === 'custom' ? custom : !custom && value.period === p;
          return (
            <Button
              key={p}
              size="sm"
              variant={pressed ? 'primary' : 'outline'}
              aria-pressed={pressed}
              onClick={() => {
                setCustom(p === 'custom');
                if (p !== 'custom') onChange({ period: p });
              }}
            >
              {overviewPresetLabels[p]}
            </Button>
          );
        })}
      </div>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            From
            <input
              type="date"
              required
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              className={`${inputClass} mt-1 w-40`}
            />
          </label>
          <label className="text-sm">
            To
            <input
              type="date"
              required
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              className={`${inputClass} mt-1 w-40`}
            />
          </label>
          <Button type="submit" size="sm">
            Apply
          </Button>
        </form>
      )}
    </div>
  );
}
