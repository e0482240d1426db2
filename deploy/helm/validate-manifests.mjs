// Validate rendered manifests (multi-document YAML on stdin) against the Kubernetes API schemas of
// the npm package kubernetes-models. Used by scripts/check-deploy.sh when kubeconform is missing.
// Catches wrong types and missing required fields; unlike `kubeconform -strict` it does not
// reject unknown fields.
import { parseAllDocuments } from 'yaml';

const input = await new Promise((resolve, reject) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    text += chunk;
  });
  process.stdin.on('end', () => resolve(text));
  process.stdin.on('error', reject);
});

let valid = 0;
let invalid = 0;
for (const doc of parseAllDocuments(input)) {
  if (doc.errors.length > 0) {
    invalid += 1;
    console.error(`INVALID YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    continue;
  }
  const obj = doc.toJS();
  if (!obj) continue;
  const label = `${obj.kind} ${obj.metadata?.name ?? '?'}`;
  const [group, version] = obj.apiVersion.includes('/') ? obj.apiVersion.split('/') : ['', obj.apiVersion];
  const modulePath = group ? `kubernetes-models/${group}/${version}/${obj.kind}` : `kubernetes-models/${version}/${obj.kind}`;
  let Model;
  try {
    Model = (await import(modulePath))[obj.kind];
  } catch {
    invalid += 1;
    console.error(`INVALID ${label}: no schema for ${obj.apiVersion} ${obj.kind}`);
    continue;
  }
  try {
    new Model(obj).validate();
    valid += 1;
  } catch (err) {
    invalid += 1;
    console.error(`INVALID ${label}: ${err.message}`);
  }
}
console.log(`kubernetes-models: ${valid} valid, ${invalid} invalid`);
process.exit(invalid > 0 || valid === 0 ? 1 : 0);
