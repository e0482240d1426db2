{{/*
Chart name, overridable.
*/}}
{{- define "stundenplan.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Release-scoped prefix of every object name. Short enough that "-scheduling-solver" still fits 63.
*/}}
{{- define "stundenplan.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Name of one component's Deployment and Service (and so its DNS name).
Usage: include "stundenplan.componentName" (list $ "auth")
*/}}
{{- define "stundenplan.componentName" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "stundenplan.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Selector labels of one component. Usage: include "stundenplan.selectorLabels" (list $ "auth")
*/}}
{{- define "stundenplan.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "stundenplan.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/*
All labels of one component. Usage: include "stundenplan.labels" (list $ "auth")
*/}}
{{- define "stundenplan.labels" -}}
{{- $root := index . 0 -}}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "stundenplan.selectorLabels" . }}
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
app.kubernetes.io/part-of: stundenplan
{{- end -}}

{{/*
Image reference: <global registry>/<service image name>:<service tag | global tag | appVersion>.
Usage: include "stundenplan.image" (list $ .Values.auth.image)
*/}}
{{- define "stundenplan.image" -}}
{{- $root := index . 0 -}}
{{- $image := index . 1 -}}
{{- $tag := $image.tag | default $root.Values.global.image.tag | default $root.Chart.AppVersion -}}
{{- printf "%s/%s:%s" (trimSuffix "/" $root.Values.global.image.registry) $image.name $tag -}}
{{- end -}}

{{- define "stundenplan.configMapName" -}}
{{- printf "%s-config" (include "stundenplan.fullname" .) -}}
{{- end -}}

{{- define "stundenplan.secretName" -}}
{{- .Values.secret.existingSecret | default (printf "%s-secret" (include "stundenplan.fullname" .)) -}}
{{- end -}}

{{/*
Pod annotations: global ones, the service's own, and a checksum of the ConfigMap so a config
change rolls the pods. Usage: include "stundenplan.podAnnotations" (list $ .Values.auth)
*/}}
{{- define "stundenplan.podAnnotations" -}}
{{- $root := index . 0 -}}
{{- $svc := index . 1 -}}
checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
{{- with merge (dict) ($svc.podAnnotations | default dict) ($root.Values.global.podAnnotations | default dict) }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
Environment shared by the seven services: ConfigMap (addresses, Kafka, Redis, mail) via envFrom.
*/}}
{{- define "stundenplan.envFrom" -}}
- configMapRef:
    name: {{ include "stundenplan.configMapName" . }}
{{- end -}}

{{/*
DATABASE_URL from the Secret. Usage: include "stundenplan.databaseUrlEnv" $
*/}}
{{- define "stundenplan.databaseUrlEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "stundenplan.secretName" . }}
      key: DATABASE_URL
{{- end -}}

{{/*
SERVICE_TOKEN_KEY from the Secret: the key of the gRPC service tokens. Usage: include "stundenplan.serviceTokenKeyEnv" $
*/}}
{{- define "stundenplan.serviceTokenKeyEnv" -}}
- name: SERVICE_TOKEN_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "stundenplan.secretName" . }}
      key: SERVICE_TOKEN_KEY
{{- end -}}

{{/*
A service's extra env from values (name: value). Usage: include "stundenplan.extraEnv" .Values.auth.env
*/}}
{{- define "stundenplan.extraEnv" -}}
{{- range $name, $value := . }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/*
nodeSelector, tolerations, affinity and pull secrets of a pod. Usage: include "stundenplan.scheduling" (list $ .Values.auth)
*/}}
{{- define "stundenplan.scheduling" -}}
{{- $root := index . 0 -}}
{{- $svc := index . 1 -}}
{{- with $root.Values.global.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $svc.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $svc.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $svc.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
Pod selector body matching the seven services of this release (not the gateway). Usage: include "stundenplan.servicePodsSelector" $
*/}}
{{- define "stundenplan.servicePodsSelector" -}}
matchLabels:
  app.kubernetes.io/name: {{ include "stundenplan.name" . }}
  app.kubernetes.io/instance: {{ .Release.Name }}
matchExpressions:
  - key: app.kubernetes.io/component
    operator: In
    values: [auth, classes, availability, scheduling-solver, document, notification, lessons, school]
{{- end -}}
