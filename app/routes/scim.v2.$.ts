import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleScimRequest } from '@modules/admin/index.server';

/**
 * /scim/v2/* (RFC 7644): Users, Groups, ServiceProviderConfig, ResourceTypes, Schemas for an
 * organisation's identity provider, with the organisation's bearer token (decision 284).
 * GET in the loader; POST, PUT, PATCH and DELETE in the action.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleScimRequest(request, params['*']);
export const action = ({ request, params }: ActionFunctionArgs) => handleScimRequest(request, params['*']);
