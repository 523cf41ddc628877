#!/usr/bin/env bash
# What every deployment and every upgrade runs in the checkout before the servers are
# (re)started (docs/deployment.md), with the production environment loaded:
#
#   set -a; . /srv/mhing/production.env; set +a
#   scripts/deploy.sh
#
# 1. compile the translations: the .mo files are build output, not in the repository, and
#    without them the German and French pages show English (needs msgfmt: apt-get install
#    gettext);
# 2. collect the static files into STATIC_ROOT (nginx serves them; with DEBUG=0 the servers
#    refuse to start without them);
# 3. migrate the database;
# 4. Django's deployment checks (`check --deploy`): warnings are printed, errors stop here.
#
# PYTHON names the interpreter (default .venv/bin/python, the one the dependencies are
# installed in). Any step that fails stops the script with its status; run it again once
# the cause is fixed: every step can be repeated.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-.venv/bin/python}

echo "==> compiling the translations"
"$PYTHON" manage.py compilemessages --ignore=.venv --ignore=node_modules --ignore=staticfiles
echo "==> collecting the static files"
"$PYTHON" manage.py collectstatic --noinput -v0
echo "==> migrating the database"
"$PYTHON" manage.py migrate --noinput
echo "==> checking the deployment"
"$PYTHON" manage.py check --deploy
echo "==> done: now restart the servers (docs/deployment.md)"
