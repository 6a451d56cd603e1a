# One image per bounded context:  docker build -f deploy/service.Dockerfile --build-arg SERVICE=identity .
# SERVICE=all installs every context (the one-shot job declaring the event topology before the services start).
FROM python:3.11-slim
ARG SERVICE
ENV SERVICE=${SERVICE} PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
RUN test -n "$SERVICE" || (echo "build with --build-arg SERVICE=<context>|all" && false) \
 && useradd --system --uid 10001 --home-dir /var/lib/surveyops --create-home surveyops
# The kit first (changes less often), then the context(s); editable installs keep migrations/ and data/ in place.
COPY services/kit /app/services/kit
RUN pip install -e /app/services/kit
COPY services /app/services
RUN if [ "$SERVICE" = all ]; then set -- identity projects rosters calling surveys reporting; else set -- "$SERVICE"; fi \
 && for ctx in "$@"; do pip install -e "/app/services/$ctx" || exit 1; done \
 && rm -rf /app/services/embedded
COPY deploy/service_entrypoint.py /usr/local/bin/service-entrypoint
RUN chmod 0755 /usr/local/bin/service-entrypoint
USER surveyops
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD python -c "import os,urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\",\"8000\")}/healthz', timeout=2)"
ENTRYPOINT ["service-entrypoint"]
