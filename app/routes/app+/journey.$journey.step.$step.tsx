import type { ActionFunctionArgs, LoaderFunctionArgs, MetaArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BackNext, JourneyEnd, JourneyFrame, journeyLinks, ResumeNote, StepContent, StepNav } from '~/components/journeys/journey-page';
import { journeyAction, journeyStepLoader } from '~/features/journeys/journey-page.server';
import { appMeta } from '~/utils/meta';

export const links = journeyLinks;
export const meta = appMeta<MetaArgs<typeof loader>>(({ data }) => (data ? `${data.step ? data.step.name : 'Journey end'} - ${data.journey.name}` : 'Journey'));

/**
 * /app/journey/{journey}/step/{step|end}: the step navigation with statuses, the step's items (video,
 * reading, survey, game) and activities, Back/Next 'STEP n' at top and bottom, or the Journey End panel.
 */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => journeyStepLoader(request, context, params.journey, params.step);
export const action = ({ request, params, context }: ActionFunctionArgs) => journeyAction(request, context, params.journey);

export default function JourneyStep() {
  const { journey, step, stepIndex, activities, watched, read, played, surveyed, resumed, justCompleted, completedOn } = useLoaderData<typeof loader>();
  return (
    <JourneyFrame journey={journey}>
      <div className="journey-layout">
        <StepNav journey={journey} current={stepIndex} />
        <div className="journey-main">
          <BackNext journey={journey} index={stepIndex} where="top" />
          <ResumeNote reason={resumed} index={stepIndex} />
          {step ? <StepContent journey={journey} step={step} index={stepIndex} activities={activities} watched={watched} read={read} played={played} surveyed={surveyed} /> : <JourneyEnd journey={journey} justCompleted={justCompleted} completedOn={completedOn} />}
          <BackNext journey={journey} index={stepIndex} where="bottom" />
        </div>
      </div>
    </JourneyFrame>
  );
}
