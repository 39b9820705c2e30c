#include "present/period_json.h"

namespace grundy::present {

nlohmann::json periodicity_json(const Periodicity& p) {
  nlohmann::json j;
  j["period"] = p.period == 0 ? nlohmann::json(nullptr) : nlohmann::json(p.period);
  j["preperiod"] = p.period == 0 ? nlohmann::json(nullptr) : nlohmann::json(p.preperiod);
  j["saltus"] = p.saltus;
  j["proven"] = p.proven;
  j["checked_to"] = p.checked_to;
  j["proof_needs"] = p.proof_needs == 0 ? nlohmann::json(nullptr) : nlohmann::json(p.proof_needs);
  j["criterion"] = p.criterion;
  j["certificate"] = periodicity_certificate(p);
  return j;
}

}  // namespace grundy::present
