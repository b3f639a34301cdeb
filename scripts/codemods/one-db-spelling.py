#!/usr/bin/env python3
"""
One spelling for "a database handle or a transaction": `Db` (modules/shared/db/database.ts), decision 323.
Rewrites the type `Kysely<Database>` to `Db` (never `new Kysely<Database>(...)`), adds `Db` to the file's
import of `Database`, then drops `Database` / `Kysely` imports the file no longer uses. Safe to re-run
(after a merge brings new `Kysely<Database>` parameters): `python3 scripts/codemods/one-db-spelling.py`.
"""
import os, re, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
DIRS = ['modules', 'app', 'jobs', 'scripts', 'tests']
TYPE_USE = re.compile(r'(?<!new )\bKysely<Database>')
changed = []

def names_used(src, name):
    """Whether `name` is used outside the import statements (and comments)."""
    body = re.sub(r"^import[\s\S]*?;\s*$", '', src, flags=re.M)
    body = re.sub(r"/\*[\s\S]*?\*/|//[^\n]*", '', body)
    return re.search(r'\b' + name + r'\b', body) is not None

def drop_name(src, name, module_pattern):
    """Removes `name` (or `type name`) from the imports of module_pattern, in place; an import left empty goes."""
    def fix(m):
        text = m.group(0)
        text = re.sub(r"(\{\s*)(type\s+)?" + name + r"\b\s*,\s*", r"\1", text)
        text = re.sub(r",\s*(type\s+)?" + name + r"\b(?=\s*[,}])", '', text)
        text = re.sub(r"\{\s*(type\s+)?" + name + r"\s*\}", '{ }', text)
        return '' if re.match(r"import (type )?\{\s*\}", text) else text
    return re.sub(r"import (type )?\{[^}]*\} from '(?:" + module_pattern + r")';\n?", fix, src)

def add_db(src):
    if re.search(r"import[^;]*\bDb\b[^;]*from '[^']*(shared/index\.server|db/database|db/index\.server|\./database)'", src):
        return src
    m = re.search(r"import type \{([^}]*)\bDatabase\b([^}]*)\} from '([^']*(?:shared/index\.server|db/database|db/index\.server|\./database))';", src)
    if m:
        return src[:m.start()] + f"import type {{{m.group(1)}Database, Db{m.group(2)}}} from '{m.group(3)}';" + src[m.end():]
    m = re.search(r"import \{([^}]*)\btype Database\b([^}]*)\} from '([^']*(?:shared/index\.server|db/database|db/index\.server|\./database))';", src)
    if m:
        return src[:m.start()] + f"import {{{m.group(1)}type Database, type Db{m.group(2)}}} from '{m.group(3)}';" + src[m.end():]
    raise SystemExit(f'no Database import to extend')

for d in DIRS:
    for dirpath, _, files in os.walk(os.path.join(ROOT, d)):
        if 'node_modules' in dirpath:
            continue
        for f in files:
            if not re.search(r'\.tsx?$', f):
                continue
            p = os.path.join(dirpath, f)
            rel = os.path.relpath(p, ROOT)
            if rel.startswith('modules/shared/db/database.ts'):
                continue
            src = open(p).read()
            if not TYPE_USE.search(src):
                continue
            try:
                out = add_db(TYPE_USE.sub('Db', src))
            except SystemExit as e:
                print(f'{rel}: {e}', file=sys.stderr)
                continue
            if not names_used(out, 'Database'):
                out = drop_name(out, 'Database', r"[^']*(?:shared/index\.server|db/database|db/index\.server|\./database)")
            if not names_used(out, 'Kysely'):
                out = drop_name(out, 'Kysely', 'kysely')
            if out != src:
                open(p, 'w').write(out)
                changed.append(rel)
print(f'{len(changed)} files rewritten')
for c in changed:
    print(' ', c)
