import { PageHeader } from '../ui'

export default function Page() {
  return <PageHeader title="Alerts" />
}
