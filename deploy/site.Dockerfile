# The site: the shell and the five remotes, built once, served by nginx with deploy/nginx/lifeboard.conf.template
# (the file `pnpm production:up` uses; nginx's image fills its ${LIFEBOARD_*} settings from the environment at
# start). `docker build -f deploy/site.Dockerfile .` from the repository.

FROM node:22-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --offline --frozen-lockfile \
 && NODE_ENV=production pnpm -r --filter ./shell --filter './mf-*' build \
 && node scripts/production/site-folders.mjs /site

FROM nginx:1.27-bookworm
RUN rm /etc/nginx/conf.d/default.conf
COPY --from=build /site /usr/share/lifeboard
COPY deploy/nginx/lifeboard.conf.template /etc/nginx/templates/lifeboard.conf.template
ENV LIFEBOARD_LISTEN=8080 \
    LIFEBOARD_SITE_ROOT=/usr/share/lifeboard/shell \
    LIFEBOARD_AREAS_ROOT=/usr/share/lifeboard/areas \
    LIFEBOARD_MAX_BODY=12m \
    LIFEBOARD_API_SERVERS="server api:4000 max_fails=1 fail_timeout=2s;"
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://127.0.0.1:8080/settings.json"]
