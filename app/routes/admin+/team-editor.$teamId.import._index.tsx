import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb, isDomainError } from '@modules/shared/index.server';
import { createImportPreview, IMPORT_MAX_BYTES, listTeamImports } from '@modules/admin/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { requireProductAdmin } from '~/utils/session.server';
import { readParts } from '~/utils/upload.server';
import { Card, Toast } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'Team Settings | Import by CSV | Leda Admin' }];

const CHOOSE_FILE = 'Choose a CSV file to import.';

/** Import by CSV, step 1: upload (checked: text CSV, at most 5 MB), then the preview. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  return { teamId: team.teamId, imports: await listTeamImports(getDb(), team.teamId) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  if (Number(request.headers.get('content-length') ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) {
    return data({ error: 'The file is too large (at most 5 MB).' }, { status: 413 });
  }
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return data({ error: CHOOSE_FILE }, { status: 400 });
  let importId: number | null = null;
  try {
    // Our multipart reader (names with ';', '=' or '"' are read; the preview cleans them), within 5 MB.
    const part = (await readParts(request, context, IMPORT_MAX_BYTES + 64 * 1024)).find((p) => p.name === 'file' && p.filename);
    if (part) {
      const source = (async function* () {
        yield part.bytes;
      })();
      importId = await createImportPreview(getDb(), admin.userId, { teamId: team.teamId, fileName: part.filename!, source });
    }
  } catch (error) {
    if (error instanceof Response) return data({ error: error.status === 413 ? 'The file is too large (at most 5 MB).' : 'The upload could not be read.' }, { status: error.status });
    if (isDomainError(error)) return data({ error: error.message }, { status: error.status });
    return data({ error: 'The upload could not be read.' }, { status: 400 });
  }
  if (importId === null) return data({ error: CHOOSE_FILE }, { status: 400 });
  throw redirect(`/admin/team-editor/${team.teamId}/import/${importId}`, { status: 303 });
}

export default function ImportUpload() {
  const { teamId, imports } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Card title="Import by CSV" titleId="import-title" className="te-card">
      <p>
        The first row names the columns (any case): <strong>first name, last name, email, job title, is this person the admin?</strong> A person is
        team admin when that column says yes. A person whose email already has an account is added to the team.
      </p>
      <Form method="post" encType="multipart/form-data" className="te-row">
        <div className="field">
          <label htmlFor="import-file">CSV file (at most 5 MB)</label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? 'import-error' : undefined}
          />
        </div>
        <button type="submit" className="button primary" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Reading the file…' : 'Upload and preview'}
        </button>
      </Form>
      {result?.error ? (
        <Toast tone="danger" id="import-error">{result.error}</Toast>
      ) : null}
      {imports.length ? (
        <>
          <h3>Recent imports</h3>
          <ul>
            {imports.map((i) => (
              <li key={i.importId}>
                <Link to={`/admin/team-editor/${teamId}/import/${i.importId}`}>{i.fileName}</Link> ({i.status}, {i.processedRows} of {i.totalRows} rows)
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to={`/admin/team-editor/${teamId}`}>Back to the members</Link>
      </p>
    </Card>
  );
}
