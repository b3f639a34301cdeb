import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** /courses: the spec lists it without content; a course is a plan of journeys, so it goes to /how (docs/decisions/047). */
export async function loader({ request }: LoaderFunctionArgs) {
  throw redirect(`/how${new URL(request.url).search}#journeys`, 301);
}
