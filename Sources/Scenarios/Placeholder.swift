import Models
import Report
import Yams
public enum ScenariosPlaceholder {}
