import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getUserProgress, listGames } from '@modules/catalogue/index.server';
import { GameCard } from '~/components/explore/cards';
import { exploreLinks } from '~/components/explore/explore-page';
import { PlayerListPage } from '~/components/explore/player-pages';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import { getDb } from '@modules/shared/index.server';

export const links = exploreLinks;
export const meta = appMeta('Games');

/** /app/explore/games: game cards; a chosen game plays in the nested player route over this list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [games, progress] = await Promise.all([listGames(getDb()), getUserProgress(getDb(), user.userId)]);
  return {
    games: games.map((g) => ({ gameId: g.gameId, urlId: g.urlId, name: g.name, overview: g.overview, completed: progress.game[String(g.gameId)] != null })),
  };
}

export default function GamesPage() {
  const { games } = useLoaderData<typeof loader>();
  return (
    <PlayerListPage
      title="Games"
      intro="Short dialogue games: make choices in a realistic situation and see how your choices played out."
      empty="No games to display."
      cards={games.map((g) => (
        <GameCard key={g.gameId} game={g} completed={g.completed} />
      ))}
    />
  );
}
