# One image per bounded context: docker build -f deploy/service.Dockerfile --build-arg SERVICE=identity .
FROM python:3.11-slim
ARG SERVICE
ENV SERVICE=${SERVICE} PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
RUN test -n "$SERVICE" || (echo "build with --build-arg SERVICE=<context>" && false) \
 && useradd --system --uid 10001 --home-dir /var/lib/surveyops --create-home surveyops
# The kit first (changes less often), then the context; editable installs keep migrations/ and data/ in place.
COPY services/kit /app/services/kit
RUN pip install -e /app/services/kit
COPY services/${SERVICE} /app/services/${SERVICE}
RUN pip install -e /app/services/${SERVICE}
COPY deploy/service_entrypoint.py /usr/local/bin/service-entrypoint
RUN chmod 0755 /usr/local/bin/service-entrypoint
USER surveyops
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD python -c "import os,urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\",\"8000\")}/healthz', timeout=2)"
ENTRYPOINT ["service-entrypoint"]
