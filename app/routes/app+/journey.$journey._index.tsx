import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { JourneyFrame, journeyLinks, StepNav } from '~/components/journeys/journey-page';
import { journeyAction, journeyIndexLoader } from '~/features/journeys/journey-page.server';
import { appMeta } from '~/utils/meta';

export const links = journeyLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => data?.journey.name ?? 'Journey');

/**
 * /app/journey/{journey} (id or url id): a started journey opens its first unstarted step, else the first
 * in progress, else 'end'; a journey not yet started shows its steps and Start (a POST, JS on or off).
 * Missing, foreign or locked journeys are the 404 page; the student licence goes home.
 */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => journeyIndexLoader(request, context, params.journey);
export const action = ({ request, params, context }: ActionFunctionArgs) => journeyAction(request, context, params.journey);

export default function Journey() {
  const { journey } = useLoaderData<typeof loader>();
  return (
    <JourneyFrame journey={journey}>
      <StepNav journey={journey} current={null} />
      <Form method="post" className="journey-start">
        <input type="hidden" name="intent" value="start" />
        <button type="submit" className="button primary">
          Start
        </button>
      </Form>
    </JourneyFrame>
  );
}
