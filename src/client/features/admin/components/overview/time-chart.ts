// Revenue and orders over time, drawn by uPlot (docs/decisions/031-owner-overview.md): revenue as bars on the left
// axis, orders as a line on the right. It follows its box's width and the theme's colours. Its own chunk, loaded
// with the Overview: it imports nothing but uPlot (not even React), so no file of the public pages changes.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Overview } from '../../../../../shared/admin-overview.ts';

const css = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/** Draws into `el`; returns the function that removes the chart. */
export function drawTimeChart(
  el: HTMLElement,
  series: Overview['series'],
  bucket: 'hour' | 'day',
  money: (kobo: number) => string,
): () => void {
  const text = getComputedStyle(el).color;
  const primary = css(el, '--color-primary') || '#16a34a';
  const grid = css(el, '--color-border') || '#e5e7eb';
  const axis = {
    stroke: text,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  const labels = series.map((s) => s.label);
  const plot = new uPlot(
    {
      width: el.clientWidth,
      height: 240,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false }, orders: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((t) => labels[t] ?? '') },
        { ...axis, size: 96, values: (_u, ticks) => ticks.map((t) => money(t)) },
        { ...axis, scale: 'orders', side: 1, grid: { show: false } },
      ],
      series: [
        {},
        {
          label: 'Revenue',
          stroke: primary,
          fill: `${primary}`,
          paths: uPlot.paths.bars!({ size: [0.7, 40] }),
          points: { show: false },
        },
        {
          label: 'Orders',
          scale: 'orders',
          stroke: text,
          width: 2,
          points: { show: bucket === 'day' && series.length <= 31 },
        },
      ],
    },
    [series.map((_, i) => i), series.map((s) => s.revenueKobo), series.map((s) => s.orders)],
    el,
  );
  const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 240 }));
  resize.observe(el);
  return () => {
    resize.disconnect();
    plot.destroy();
  };
}
