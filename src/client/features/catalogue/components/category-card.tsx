// A category's card on /products: name, description, group count and the cheapest price, linking to its page.
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { FALLBACK_PRICE_TEXT, type PublicCategory } from '../../../../shared/catalogue.ts';
import { formatNaira } from '../../../../shared/money.ts';
import { paths } from '../../../../shared/paths.ts';

export function fromPriceText(minPriceKobo: number | null): string {
  return minPriceKobo === null ? FALLBACK_PRICE_TEXT : `From ${formatNaira(minPriceKobo)}`;
}

export function CategoryCard({ category }: { category: PublicCategory }) {
  const groups = `${category.groupCount} ${category.groupCount === 1 ? 'product' : 'products'}`;
  return (
    <Link
      to={paths.category(category.id)}
      className="group flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-5 shadow-sm transition hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-lg font-semibold">{category.name}</span>
        <ChevronRight
          className="h-5 w-5 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
          aria-hidden
        />
      </span>
      {category.description ? (
        <span className="text-sm text-muted-foreground">{category.description}</span>
      ) : null}
      <span className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm">
        <span className="text-muted-foreground">{groups}</span>
        <span className="font-semibold text-primary">{fromPriceText(category.minPriceKobo)}</span>
      </span>
    </Link>
  );
}
