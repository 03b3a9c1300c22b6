import { useLingui } from '@lingui/react/macro'
import { pageWindow } from '../../contract/schemas/data-table'

/** Previous, the page numbers around the current one (like the server's links), next. */
export function Pager({
  page,
  lastPage,
  onPage,
}: {
  page: number
  lastPage: number
  onPage: (page: number) => void
}) {
  const { t } = useLingui()
  return (
    <nav className="data-table__pager" aria-label={t`Paginación`}>
      <ul>
        <li>
          <button
            type="button"
            className="data-table__page"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t`Anterior`}
          </button>
        </li>
        {pageWindow(page, lastPage).map((n, index) =>
          n === null ? (
            // Gaps never move, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`gap-${index}`} className="data-table__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="data-table__page"
                aria-label={t`Página ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => n !== page && onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="data-table__page"
            disabled={page >= lastPage}
            onClick={() => onPage(page + 1)}
          >
            {t`Siguiente`}
          </button>
        </li>
      </ul>
    </nav>
  )
}
