/**
 * The addresses of the paged My Activities and Completed Activities lists (decision 232), for the
 * server and the browser alike: the selected activity (if the learner chose one) and the page
 * (left out for page 1), so a card, the panel's links and the pager keep both.
 */
export const ACTIVITIES_PER_PAGE = 20;

export function activitiesHref(path: string, at: { myActivityId?: number | null; page?: number }) {
  const query = new URLSearchParams();
  if (at.myActivityId != null) query.set('myActivityId', String(at.myActivityId));
  if (at.page != null && at.page > 1) query.set('page', String(at.page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
